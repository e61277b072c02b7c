import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { limeSurveyLinks, surveys } from '../../db/schema';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { connectionCompany, limeCaller, openConnection } from './connection';
import { coupledUsername } from './remote-users';
import { LimeSession } from './rpc';

interface LsSurvey { sid: string | number; surveyls_title: string; startdate: string | null; expires: string | null; active: string }

/**
 * GET survey/lime/surveys[?mine=1]: the surveys the connection's LimeSurvey user can see
 * (list_surveys), each with the portal survey it feeds when linked. `mine`: only those of the
 * LimeSurvey user the portal user is coupled to ('LimeSurvey koppeling' tab; list_surveys with
 * that user name). No connection yet: an empty list.
 */
export async function listRemoteSurveys(ctx: UserServiceContext, opts: { mine?: boolean } = {}) {
  const companyId = connectionCompany(ctx);
  const conn = await openConnection(ctx.db, ctx.config.totpEncryptionKey, { companyId });
  if (!conn) return { connected: false, surveys: [] };
  const list = await LimeSession.with(conn, limeCaller(ctx, companyId, 'lime.surveys.list'), async (s) => {
    const username = opts.mine ? await coupledUsername(ctx.db, s, ctx.user.id) : null;
    if (opts.mine && !username) throw new AppError('VALIDATION', surveysNl.lime.notCoupled);
    return s.call<LsSurvey[]>('list_surveys', [username], /no surveys found/i);
  });
  const sids = (list ?? []).map((x) => Number(x.sid));
  const links = sids.length
    ? await ctx.db
        .select({ lsSid: limeSurveyLinks.lsSid, surveyId: limeSurveyLinks.surveyId, lastSyncedAt: limeSurveyLinks.lastSyncedAt, lastError: limeSurveyLinks.lastError, lastResult: limeSurveyLinks.lastResult, syncEnabled: limeSurveyLinks.syncEnabled })
        .from(limeSurveyLinks)
        .innerJoin(surveys, eq(surveys.id, limeSurveyLinks.surveyId))
        .where(and(eq(limeSurveyLinks.connectionId, conn.id), inArray(limeSurveyLinks.lsSid, sids), isNull(surveys.deletedAt)))
    : [];
  return {
    connected: true,
    surveys: (list ?? []).map((x) => {
      const link = links.find((l) => l.lsSid === Number(x.sid));
      return {
        sid: Number(x.sid), title: x.surveyls_title, active: x.active === 'Y', startdate: x.startdate, expires: x.expires,
        survey_id: link?.surveyId ?? null, sync_enabled: link?.syncEnabled ?? null, last_synced_at: link?.lastSyncedAt?.toISOString() ?? null,
        last_error: link?.lastError ?? null, last_result: link?.lastResult ?? null,
      };
    }),
  };
}

export function requireConnection<T>(conn: T | null): T {
  if (!conn) throw new AppError('VALIDATION', surveysNl.lime.noConnection);
  return conn;
}
