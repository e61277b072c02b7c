import { attemptStatement, exceeded, THROTTLES } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import { participateNl } from '../../../shared/i18n/participate';
import { rawClient } from '../surveys/scope';
import { readToken, tokenUsable } from './load-respondent';

const MAX_CODE = 64;

/** What people type: spaces and line breaks from copying a printed code are not part of it. */
export const normalizeCode = (raw: string) => raw.replace(/\s+/g, '').slice(0, MAX_CODE);

export type CodeResult = { ok: true; surveyId: number; token: string } | { ok: false; message: string };

/**
 * A typed or linked code: which survey it opens. An unknown, completed, used-up or blocked code
 * all get the same polite answer, and wrong codes count against the IP (20 per 15 minutes),
 * every attempt against the code itself; over either limit → 429 (AppError THROTTLED).
 * `surveyId` limits the search to one survey (a survey's own link).
 */
export async function enterCode(ctx: ServiceContext, input: { code: string; surveyId?: number; ip: string | null }): Promise<CodeResult> {
  const code = normalizeCode(input.code);
  if (!code) return { ok: false, message: participateNl.code.required };
  const ipRule = THROTTLES.participateCodeIp;
  const ipKey = `${ipRule.scope}:${input.ip ?? 'unknown'}`;
  const lookup = input.surveyId
    ? { sql: `select t.*, t.survey_id from survey_tokens t join surveys s on s.id = t.survey_id and s.deleted_at is null and s.use_tokens = 1 where t.survey_id = ? and t.token = ?`, args: [input.surveyId, code] }
    : { sql: `select t.*, t.survey_id from survey_tokens t join surveys s on s.id = t.survey_id and s.deleted_at is null and s.use_tokens = 1 where t.token = ? order by (t.completed = 'N') desc, t.survey_id desc limit 10`, args: [code] };
  const [ipRow, tokenAttempt, found] = await rawClient(ctx.db).batch(
    [{ sql: 'select count, window_start from throttles where key = ?', args: [ipKey] }, attemptStatement(THROTTLES.participateCodeToken, code, ctx.now), lookup],
    'write',
  );
  const ipState = ipRow!.rows[0];
  if (ipState && Number(ipState.window_start) + ipRule.windowMs > ctx.now.getTime()) {
    const full = exceeded(ipRule, { ...ipState, count: Number(ipState.count) + 1 } as never, ctx.now);
    if (full) throw full;
  }
  const tooMany = exceeded(THROTTLES.participateCodeToken, tokenAttempt!.rows[0], ctx.now);
  if (tooMany) throw tooMany;
  const match = found!.rows.find((r) => tokenUsable(readToken(r), ctx.now));
  if (!match) {
    await rawClient(ctx.db).execute(attemptStatement(ipRule, input.ip ?? 'unknown', ctx.now));
    return { ok: false, message: participateNl.code.invalid };
  }
  return { ok: true, surveyId: Number(match.survey_id), token: String(match.token) };
}
