import { attemptStatement, exceeded, THROTTLES } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import { rawClient } from '../surveys/scope';
import { normalizeCode } from './enter-code';

/**
 * The opt-out link of an invitation: no more invitations or reminders for this token
 * (LimeSurvey's emailstatus 'OptOut'). Unknown codes answer the same and count against the IP.
 */
export async function optOut(ctx: ServiceContext, surveyId: number, rawCode: string, ip: string | null): Promise<void> {
  const code = normalizeCode(rawCode);
  const rule = THROTTLES.participateCodeIp;
  const [state] = (await rawClient(ctx.db).execute({ sql: 'select count, window_start from throttles where key = ?', args: [`${rule.scope}:${ip ?? 'unknown'}`] })).rows;
  if (state && Number(state.window_start) + rule.windowMs > ctx.now.getTime()) {
    const full = exceeded(rule, { ...state, count: Number(state.count) + 1 } as never, ctx.now);
    if (full) throw full;
  }
  const result = code
    ? await rawClient(ctx.db).execute({ sql: `update survey_tokens set email_status = 'OptOut', updated_at = ? where survey_id = ? and token = ?`, args: [ctx.now.getTime(), surveyId, code] })
    : { rowsAffected: 0 };
  if (!result.rowsAffected) await rawClient(ctx.db).execute(attemptStatement(rule, ip ?? 'unknown', ctx.now));
}
