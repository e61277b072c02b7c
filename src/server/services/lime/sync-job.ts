import { auditRow } from '../audit/audit-row';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { limeSurveyLinks, surveyResponses, surveys } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { participantWriter, type LimeParticipantRow, type TokenImportResult } from '../surveys/archive/participant-writer';
import { buildCube, importResponseStream } from '../surveys/responses/import-job';
import { openConnection } from './connection';
import { base64Bytes, LimeSession } from './rpc';

/** A row of list_participants: tid, token (null or '' before LimeSurvey generated one), participant_info and the fields asked for. */
interface Participant {
  tid: string | number;
  token: string | null;
  participant_info?: { firstname?: string | null; lastname?: string | null; email?: string | null };
  participant_id?: string | null;
  emailstatus?: string | null;
  language?: string | null;
  completed?: string | null;
  sent?: string | null;
  remindersent?: string | null;
  remindercount?: string | number | null;
  usesleft?: string | number | null;
  blacklisted?: string | null;
  validfrom?: string | null;
  validuntil?: string | null;
}
/**
 * The token-table columns asked of list_participants (its aAttributes; LimeSurvey answers those its
 * table has): each participant's progress and the data a new row needs, as an archive's .lst has them.
 */
const PARTICIPANT_FIELDS = ['participant_id', 'emailstatus', 'language', 'completed', 'sent', 'remindersent', 'remindercount', 'usesleft', 'blacklisted', 'validfrom', 'validuntil'];
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
      const tokens = await syncParticipants(deps, s, surveyId, link.lime_survey_links.lsSid, job.createdBy);
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
      auditRow({ db: deps.db, user: null, now: deps.now() }, { action: 'lime.sync', resource: 'survey', resourceId: surveyId, userId: job.createdBy, companyId: conn.companyId, summary: syncAuditSummary(link.surveys.title, surveyId, summary) }),
    ]);
    if (result.responses.inserted > 0) await buildCube(deps, surveyId, job.createdBy);
    return { surveyId, ...summary };
  } catch (err) {
    await deps.db.update(limeSurveyLinks).set({ lastError: err instanceof Error ? err.message : String(err) }).where(eq(limeSurveyLinks.surveyId, surveyId));
    throw err;
  }
};

/**
 * Participants: written by the archive's rule (participantWriter: a known token merged by
 * tokenMerge, a participant without a token given a portal code under `tid:<tid>` and found again
 * by it), with LimeSurvey's own word as the evidence for a completion. `changed` (new or moved
 * forward) is what the LimeSurvey screen shows beside the new codes.
 */
async function syncParticipants(deps: JobDeps, s: LimeSession, surveyId: number, sid: number, userId: number | null): Promise<TokenImportResult & { changed: number }> {
  const writer = participantWriter(deps, surveyId, { evidence: 'source', by: { userId, source: 'LimeSurvey-synchronisatie' } });
  for (let start = 0; ; start += PARTICIPANTS_PAGE) {
    const page = (await s.call<Participant[]>('list_participants', [sid, start, PARTICIPANTS_PAGE, false, PARTICIPANT_FIELDS], /no (survey )?participants|no token|error: no token table/i)) ?? [];
    for (const p of page) await writer.add(participantRow(p), p.tid === null || p.tid === undefined ? null : String(p.tid));
    if (page.length < PARTICIPANTS_PAGE) break;
  }
  const result = await writer.finish();
  return { ...result, changed: result.inserted + result.updated };
}

/** A participant as the writer takes it, with LimeSurvey's defaults where it sent nothing. */
function participantRow(p: Participant): LimeParticipantRow {
  const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : 'N');
  const optional = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const int = (v: string | number | null | undefined, fallback: number) => (/^-?\d+$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : fallback);
  const completed = text(p.completed);
  return {
    token: typeof p.token === 'string' ? p.token : '', participantId: optional(p.participant_id),
    firstname: p.participant_info?.firstname ?? '', lastname: p.participant_info?.lastname ?? '', email: p.participant_info?.email ?? '',
    emailStatus: optional(p.emailstatus) ?? 'OK', language: optional(p.language),
    blacklisted: text(p.blacklisted) === 'Y' ? 'Y' : 'N', sent: text(p.sent), reminderSent: text(p.remindersent), reminderCount: int(p.remindercount, 0),
    completed, usesLeft: int(p.usesleft, completed === 'N' ? 1 : 0), validFrom: optional(p.validfrom), validUntil: optional(p.validuntil), attributes: {},
  };
}

/** The sync's audit row: what was read and written, the participants without a token and the codes they got counted as the archive's import counts them. */
function syncAuditSummary(title: string, surveyId: number, summary: { responses: { rows: number; changed: number }; tokens: TokenImportResult & { changed: number } }): string {
  const { responses, tokens } = summary;
  return `LimeSurvey-synchronisatie van ${title.slice(0, 200)} (${surveyId}): ${responses.rows} responsen gelezen, ${responses.changed} nieuw of gewijzigd; ${tokens.rows} deelnemers gelezen, ${tokens.changed} nieuw of bijgewerkt, ${tokens.withoutToken} zonder code; nieuwe codes uitgegeven: ${tokens.newCodes}`;
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
