import { auditRow } from '../audit/audit-row';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { limeSurveyLinks, surveyResponses, surveys } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { tokenMerge } from '../surveys/archive/import-tokens';
import { buildCube, importResponseStream } from '../surveys/responses/import-job';
import { rawClient } from '../surveys/scope';
import { openConnection } from './connection';
import { base64Bytes, LimeSession } from './rpc';

interface Participant {
  tid: string | number;
  token: string;
  participant_info?: { firstname?: string; lastname?: string; email?: string };
  completed?: string | null;
  sent?: string | null;
  remindersent?: string | null;
  remindercount?: string | number | null;
  usesleft?: string | number | null;
  blacklisted?: string | null;
}
/** The token fields asked of list_participants: LimeSurvey's progress of each participant. */
const PROGRESS_FIELDS = ['completed', 'sent', 'remindersent', 'remindercount', 'usesleft', 'blacklisted'];
const COLUMNS = ['firstname', 'lastname', 'email', 'completed', 'sent', 'reminder_sent', 'reminder_count', 'uses_left', 'blacklisted'] as const;
const PARTICIPANTS_PAGE = 5000;

/**
 * Job 'lime.sync' { surveyId }: fetches the linked LimeSurvey survey's responses from
 * `from_response_id` on (export_responses, CSV with question-code headings, base64) into the
 * survey — new responses added, incomplete ones that changed updated — and its participants'
 * tokens and completion (list_participants); then moves `from_response_id` to the first response
 * still incomplete (it may yet change) or past the highest one, and rebuilds the cube when
 * anything changed. Errors are kept on the link for the LimeSurvey screen.
 */
export const limeSyncJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const [link] = await deps.db.select().from(limeSurveyLinks).innerJoin(surveys, eq(surveys.id, limeSurveyLinks.surveyId)).where(and(eq(limeSurveyLinks.surveyId, surveyId), isNull(surveys.deletedAt)));
  if (!link) throw new AppError('NOT_FOUND', 'Deze enquête is niet gekoppeld aan LimeSurvey.');
  const conn = await openConnection(deps.db, deps.secretKey, { id: link.lime_survey_links.connectionId });
  if (!conn) throw new AppError('NOT_FOUND', 'De LimeSurvey-koppeling bestaat niet meer.');
  const from = link.lime_survey_links.fromResponseId;
  try {
    const result = await LimeSession.with(conn, { appEnv: deps.appEnv ?? 'production', db: deps.db, userId: job.createdBy, companyId: conn.companyId, action: 'lime.sync' }, async (s) => {
      const b64 = await s.call<string>('export_responses', [link.lime_survey_links.lsSid, 'csv', null, 'all', 'code', 'short', from], /no (data|response)|no responses/i);
      await progress(30);
      const bytes = b64 ? base64Bytes(b64) : new Uint8Array();
      const responses = bytes.length
        ? await importResponseStream(deps, { surveyId, jobId: job.id, body: new Blob([bytes as BlobPart]).stream(), size: bytes.length, progress: async () => undefined, upsert: true })
        : { rows: 0, accepted: 0, inserted: 0, rejected: 0, forgotten: 0 };
      await progress(70);
      const tokens = await syncParticipants(deps, s, surveyId, link.lime_survey_links.lsSid);
      return { responses, tokens };
    });
    // Next time: from the first incomplete response (it may still change), else past the last one.
    const [next] = await deps.db
      .select({ open: sql<number | null>`min(case when ${surveyResponses.submitDate} is null then ${surveyResponses.responseId} end)`, last: sql<number | null>`max(${surveyResponses.responseId})` })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), sql`${surveyResponses.responseId} >= ${from}`));
    const fromNext = next?.open ?? (next?.last ? next.last + 1 : from);
    const summary = { responses: { rows: result.responses.rows, changed: result.responses.inserted, rejected: result.responses.rejected, forgotten: result.responses.forgotten }, tokens: result.tokens, from_response_id: fromNext };
    await deps.db.batch([
      deps.db.update(limeSurveyLinks).set({ fromResponseId: fromNext, lastSyncedAt: deps.now(), lastError: null, lastResult: summary }).where(eq(limeSurveyLinks.surveyId, surveyId)),
      auditRow({ db: deps.db, user: null, now: deps.now() }, { action: 'lime.sync', resource: 'survey', resourceId: surveyId, userId: job.createdBy, companyId: conn.companyId, summary: `LimeSurvey-synchronisatie van ${link.surveys.title} (${surveyId}): ${summary.responses.rows} responsen gelezen, ${summary.responses.changed} nieuw of gewijzigd` }),
    ]);
    if (result.responses.inserted > 0) await buildCube(deps, surveyId, job.createdBy);
    return { surveyId, ...summary };
  } catch (err) {
    await deps.db.update(limeSurveyLinks).set({ lastError: err instanceof Error ? err.message : String(err) }).where(eq(limeSurveyLinks.surveyId, surveyId));
    throw err;
  }
};

/**
 * Participants' tokens: new ones added as LimeSurvey has them; known ones merged by the archive's
 * rule (tokenMerge: progress only moves forward, a completion is never undone, an opt-out is taken
 * and never undone, the portal's personal data is never overwritten), with LimeSurvey's own word
 * as the evidence for a completion.
 */
async function syncParticipants(deps: JobDeps, s: LimeSession, surveyId: number, sid: number) {
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();
  const merge = tokenMerge('source');
  let rows = 0, changed = 0;
  for (let start = 0; ; start += PARTICIPANTS_PAGE) {
    const page = (await s.call<Participant[]>('list_participants', [sid, start, PARTICIPANTS_PAGE, false, PROGRESS_FIELDS], /no (survey )?participants|no token|error: no token table/i)) ?? [];
    const valid = page.filter((p) => typeof p.token === 'string' && p.token);
    rows += page.length;
    if (valid.length) {
      const results = await client.batch(
        valid.map((p) => ({
          sql: `insert into survey_tokens (survey_id, token, ${COLUMNS.join(', ')}, created_at, updated_at) values (?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?) ${merge}`,
          args: [surveyId, p.token, ...participantValues(p), stamp, stamp],
        })),
        'write',
      );
      changed += results.reduce((n, r) => n + r.rowsAffected, 0);
    }
    if (page.length < PARTICIPANTS_PAGE) break;
  }
  return { rows, changed };
}

/** A participant's values in COLUMNS' order, with LimeSurvey's defaults where it sent nothing. */
function participantValues(p: Participant): (string | number)[] {
  const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : 'N');
  const int = (v: string | number | null | undefined, fallback: number) => (/^-?\d+$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : fallback);
  const completed = text(p.completed);
  return [
    p.participant_info?.firstname ?? '', p.participant_info?.lastname ?? '', p.participant_info?.email ?? '',
    completed, text(p.sent), text(p.remindersent), int(p.remindercount, 0), int(p.usesleft, completed === 'N' ? 1 : 0), text(p.blacklisted) === 'Y' ? 'Y' : 'N',
  ];
}

/** Cron: one sync job per linked survey with the schedule on (the consumer runs them). */
export async function enqueueScheduledSyncs(deps: Pick<JobDeps, 'db'> & { enqueue: (kind: string, payload: Record<string, unknown>) => Promise<unknown> }) {
  const links = await deps.db
    .select({ surveyId: limeSurveyLinks.surveyId })
    .from(limeSurveyLinks)
    .innerJoin(surveys, eq(surveys.id, limeSurveyLinks.surveyId))
    .where(and(eq(limeSurveyLinks.syncEnabled, true), isNull(surveys.deletedAt)));
  for (const l of links) await deps.enqueue('lime.sync', { surveyId: l.surveyId });
  return links.length;
}
