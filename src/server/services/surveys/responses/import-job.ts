import { and, eq, sql } from 'drizzle-orm';
import { surveyAudit, surveys } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { JobDeps, JobHandler } from '../../../jobs/types';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { checkRow, type ResponseRecord, type RowProblem } from './check-row';
import { unneutralise } from '../../../../shared/export/writer';
import { CsvParser } from './csv-parser';
import { LimeSurveyXmlReader, looksLikeXml } from './lsr-reader';
import { planColumns, resolveHeader, type HeaderPlan, type SurveyHeaderColumns } from './resolve-header';
import { loadSurveyColumns } from './survey-columns';
import { rawClient } from '../scope';
import { evaluateAfterImport } from '../../indicators/evaluate-after-import';
import { importTokenStream } from '../archive/import-tokens';
import { ARCHIVE_MEMBER, zipMemberStream } from '../archive/zip-entries';
import { bumpResponsesVersion } from '../responses-version';

const ROWS_PER_STATEMENT = 250;
// A round trip carries at most 2,000 rows or ~4 MB of answers, whichever comes first.
const ROWS_PER_BATCH = 2000;
const BYTES_PER_BATCH = 4 * 1024 * 1024;
const REPORT_LIMIT = 1000;

export interface RejectedRow extends RowProblem {
  row: number;
  line: number;
}

export interface ImportStreamResult {
  format: HeaderPlan['format'];
  rows: number;
  /** Rows of responses deleted earlier in the portal (a respondent's request to be forgotten): not added again. */
  forgotten: number;
  accepted: number;
  inserted: number;
  alreadyPresent: number;
  rejected: number;
  rejectedRows: RejectedRow[];
  reportTruncated: boolean;
}

/** Refuses a header that doesn't fit the survey (the same checks as at upload time). */
export function assertPlan(plan: HeaderPlan) {
  if (plan.unknown.length) throw new AppError('VALIDATION', surveysNl.responses.unknownColumns(plan.unknown), { file: [surveysNl.responses.unknownColumns(plan.unknown)] });
  if (plan.duplicates.length) throw new AppError('VALIDATION', surveysNl.responses.duplicateColumns(plan.duplicates), { file: [surveysNl.responses.duplicateColumns(plan.duplicates)] });
  if (!plan.questionColumns) throw new AppError('VALIDATION', surveysNl.responses.noQuestionColumns, { file: [surveysNl.responses.noQuestionColumns] });
}

/** The plan of an .lsr from its <fields> list. */
export function lsrPlan(docType: string, fields: string[], survey: SurveyHeaderColumns): HeaderPlan {
  if (docType !== 'Responses') throw new AppError('VALIDATION', surveysNl.import.wrongDocType(docType || '(leeg)', 'Responses'));
  return { format: 'lsr', separator: '', headerRecords: 0, ...planColumns(fields, survey) };
}

/**
 * Reads a response file (CSV, VV or .lsr) from a stream into survey_responses: one chunk and one
 * batch of rows in memory at a time; every row checked; good rows inserted with ON CONFLICT DO
 * NOTHING on (survey, external key), so re-importing adds nothing. Bumps responses_version when
 * rows were added; the caller builds the cube. `emptyOk`: an .lsr without a responses table
 * (LimeSurvey leaves empty tables out) is zero responses rather than an error.
 */
export async function importResponseStream(
  deps: JobDeps,
  opts: { surveyId: number; jobId: number; body: ReadableStream<Uint8Array>; size: number; progress: (fraction: number) => Promise<void>; emptyOk?: boolean; upsert?: boolean },
): Promise<ImportStreamResult> {
  const { surveyId } = opts;
  const survey = await loadSurveyColumns(deps.db, surveyId);
  // Responses deleted in the portal stay deleted, whatever file or sync brings them again.
  const deleted = await deps.db.select({ detail: surveyAudit.detail }).from(surveyAudit).where(and(eq(surveyAudit.surveyId, surveyId), eq(surveyAudit.action, 'response.delete')));
  const forgottenIds = new Set(deleted.map((d) => Number(d.detail.response_id)).filter((n) => Number.isInteger(n) && n > 0));
  let forgotten = 0;
  // A sync updates responses that changed in LimeSurvey (incomplete ones go on); a file only adds.
  const conflict = opts.upsert
    ? `on conflict (survey_id, external_key) do update set token = excluded.token, submit_date = excluded.submit_date, start_date = excluded.start_date, date_stamp = excluded.date_stamp, start_language = excluded.start_language, last_page = excluded.last_page, seed = excluded.seed, answers = excluded.answers, updated_at = excluded.updated_at where survey_responses.answers is not excluded.answers or survey_responses.submit_date is not excluded.submit_date or survey_responses.last_page is not excluded.last_page`
    : 'on conflict (survey_id, external_key) do nothing';
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();

  let plan: HeaderPlan | null = null;
  const seenIds = new Set<number>();
  const seenHashes = new Map<string, number>();
  const rejected: RejectedRow[] = [];
  let rows = 0, accepted = 0, inserted = 0, rejectedCount = 0;
  let pending: { key: string; r: Omit<ResponseRecord, 'answers'>; json: string }[] = [];
  let pendingBytes = 0;

  const flush = async () => {
    if (!pending.length) return;
    const statements = [];
    for (let i = 0; i < pending.length; i += ROWS_PER_STATEMENT) {
      const part = pending.slice(i, i + ROWS_PER_STATEMENT);
      const values = part.map(() => `(${surveyId},?,?,?,?,?,?,?,?,?,?,${opts.jobId},${stamp},${stamp})`).join(',');
      statements.push({
        sql: `insert into survey_responses (survey_id, external_key, response_id, token, submit_date, start_date, date_stamp, start_language, last_page, seed, answers, import_job_id, created_at, updated_at) values ${values} ${conflict}`,
        args: part.flatMap(({ key: k, r, json }) => [k, r.responseId, r.token, r.submitDate, r.startDate, r.dateStamp, r.startLanguage, r.lastPage, r.seed, json]),
      });
    }
    const results = await client.batch(statements, 'write');
    inserted += results.reduce((sum, res) => sum + res.rowsAffected, 0);
    pending = [];
    pendingBytes = 0;
  };

  const reject = (row: number, line: number, problems: RowProblem[]) => {
    rejectedCount++;
    for (const p of problems) if (rejected.length < REPORT_LIMIT) rejected.push({ row, line, ...p });
  };

  const handle = async (fields: (string | null)[], line: number, plan: HeaderPlan) => {
    if (fields.length === 1 && fields[0] === '') return; // blank line
    rows++;
    const checked = checkRow(fields, plan);
    if ('problems' in checked) return reject(rows, line, checked.problems);
    const r = checked.record;
    let externalKey: string;
    if (r.responseId !== null && forgottenIds.has(r.responseId)) {
      forgotten++;
      return;
    }
    if (r.responseId !== null) {
      if (seenIds.has(r.responseId)) return reject(rows, line, [{ column: 'id', reason: surveysNl.responses.duplicateId(String(r.responseId)) }]);
      seenIds.add(r.responseId);
      externalKey = `id:${r.responseId}`;
    } else {
      // Plain files without ids: the row's content plus how often it occurred before.
      const hash = await sha256(fields.map((f) => f ?? '\u0000').join('\u001f'));
      const n = (seenHashes.get(hash) ?? 0) + 1;
      seenHashes.set(hash, n);
      externalKey = `sha:${hash}:${n}`;
    }
    accepted++;
    // Keep the answers as their JSON text only: a wide row as an object costs ten times more.
    const { answers, ...meta } = r;
    const json = JSON.stringify(answers);
    pending.push({ key: externalKey, r: meta, json });
    pendingBytes += json.length;
    if (pending.length >= ROWS_PER_BATCH || pendingBytes >= BYTES_PER_BATCH) await flush();
  };

  const reader = opts.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let csv: CsvParser | null = null;
  let xml: LimeSurveyXmlReader | null = null;
  let headerText = '';
  let headerLeft = 0;
  let bytes = 0;
  const records: { fields: string[]; line: number }[] = [];
  const drainCsv = async () => {
    for (const rec of records) {
      if (headerLeft > 0) headerLeft--;
      else await handle(rec.fields.map(unneutralise), rec.line, plan!);
    }
    records.length = 0;
  };
  const drainXml = async (batch: (string | null)[][]) => {
    if (!batch.length) return;
    if (!plan) {
      plan = lsrPlan(xml!.docType, xml!.fields ?? [], survey);
      assertPlan(plan);
    }
    for (const rec of batch) await handle(rec, rows + 1, plan);
  };
  for (;;) {
    const { value, done } = await reader.read();
    let text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    if (value) bytes += value.byteLength;
    if (!csv && !xml) {
      // The format and the header are decided on the first 64 kB (or the whole file when shorter).
      headerText += text;
      if (!done && headerText.length < 65536) continue;
      // No file at all (an archive without responses): nothing to read.
      if (done && bytes === 0 && opts.emptyOk) break;
      text = headerText.replace(/^\uFEFF/, '');
      headerText = '';
      if (looksLikeXml(text)) xml = new LimeSurveyXmlReader('responses');
      else {
        plan = resolveHeader(text, survey);
        assertPlan(plan);
        headerLeft = plan.headerRecords;
        csv = new CsvParser(plan.separator);
      }
    }
    if (csv) {
      csv.feed(text, records);
      await drainCsv();
      if (done) {
        csv.end(records);
        await drainCsv();
      }
    } else if (xml) {
      await drainXml(xml.feed(text));
      if (done) await drainXml(xml.end());
    }
    if (done) break;
    await opts.progress(bytes / Math.max(1, opts.size));
  }
  if (xml) {
    if (xml.docType !== 'Responses') throw new AppError('VALIDATION', surveysNl.import.wrongDocType(xml.docType || '(leeg)', 'Responses'));
    if (!xml.fieldsComplete && !opts.emptyOk) throw new AppError('VALIDATION', surveysNl.responses.noResponsesTable);
    if (xml.fieldsComplete && !plan) assertPlan(lsrPlan(xml.docType, xml.fields ?? [], survey));
  }
  await flush();
  if (inserted > 0) {
    await bumpResponsesVersion(deps.db, surveyId);
  }
  return {
    format: plan?.format ?? (xml ? 'lsr' : 'csv'), rows, forgotten, accepted, inserted, alreadyPresent: accepted - inserted,
    rejected: rejectedCount, rejectedRows: rejected, reportTruncated: rejected.length >= REPORT_LIMIT,
  };
}

/**
 * Job 'survey.responses.import' { surveyId, key, name, archive?, tokens? }: streams the uploaded
 * file from the file store into the survey (importResponseStream), removes the upload, and builds
 * the new cube. An archive (.lsa) is read twice: its responses member, then — when the upload
 * said `tokens: 'read'` — its participants, merged into the survey's tokens (importTokenStream).
 */
export const importResponsesJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const key = String(job.payload.key);
  const open = async () => {
    const file = await deps.files.get(key);
    if (!file) throw new AppError('NOT_FOUND', surveysNl.responses.missingFile);
    return file;
  };
  const file = await open();
  const archive = job.payload.archive === true;
  let read = 0;
  const body = archive ? zipMemberStream(file.body, ARCHIVE_MEMBER.responses, (n) => (read += n)) : file.body;
  const result = await importResponseStream(deps, {
    surveyId, jobId: job.id, body, size: file.size,
    progress: archive ? () => progress((read / Math.max(1, file.size)) * 90) : (f) => progress(f * 95),
  });
  const tokens = archive && job.payload.tokens === 'read' ? await importTokenStream(deps, surveyId, zipMemberStream((await open()).body, ARCHIVE_MEMBER.tokens), { userId: job.createdBy, source: `responsbestand ${String(job.payload.name ?? '').slice(0, 100)}`.trimEnd() }) : undefined;
  await deps.files.delete(key);
  if (result.inserted > 0) await buildCube(deps, surveyId, job.createdBy);
  return { surveyId, file: String(job.payload.name ?? ''), ...result, ...(tokens ? { tokens } : {}), ...(job.payload.tokens === 'no-rights' ? { tokensNotRead: true } : {}) };
};

/**
 * New responses → new cube version, built now so the first report read is warm, and the survey's
 * indicators evaluated on it (uploads, archives and LimeSurvey syncs alike). Imported lazily:
 * the cube job module reaches back into the job registry that lists the import handlers.
 */
export async function buildCube(deps: JobDeps, surveyId: number, createdBy: number | null) {
  await (await import('../../analytics/cube-job')).buildCubeAfterImport(deps, surveyId, createdBy);
  // The project indicators on this survey see the new responses now (they may fire and mail).
  await evaluateAfterImport(deps, surveyId);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
