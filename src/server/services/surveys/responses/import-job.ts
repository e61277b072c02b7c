import { eq, sql } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { JobHandler } from '../../../jobs/types';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { checkRow, type ResponseRecord, type RowProblem } from './check-row';
import { CsvParser } from './csv-parser';
import { resolveHeader, type HeaderPlan } from './resolve-header';
import { loadSurveyColumns } from './survey-columns';
import { rawClient } from '../scope';
import { evaluateAfterImport } from '../../indicators/evaluate-after-import';

const ROWS_PER_STATEMENT = 250;
// A round trip carries at most 2,000 rows or ~4 MB of answers, whichever comes first.
const ROWS_PER_BATCH = 2000;
const BYTES_PER_BATCH = 4 * 1024 * 1024;
const REPORT_LIMIT = 1000;

export interface RejectedRow extends RowProblem {
  row: number;
  line: number;
}

/**
 * Job 'survey.responses.import' { surveyId, key, name }: streams the uploaded file from the file
 * store (one chunk and one batch of rows in memory at a time), checks every row, and inserts the
 * good ones with ON CONFLICT DO NOTHING on (survey, external key): re-importing adds nothing.
 */
export const importResponsesJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const key = String(job.payload.key);
  const { columns } = await loadSurveyColumns(deps.db, surveyId);
  const file = await deps.files.get(key);
  if (!file) throw new AppError('NOT_FOUND', surveysNl.responses.missingFile);
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();

  let plan: HeaderPlan | null = null;
  let headerText = '';
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
      const values = part.map(() => `(${surveyId},?,?,?,?,?,?,?,?,?,?,${job.id},${stamp},${stamp})`).join(',');
      statements.push({
        sql: `insert into survey_responses (survey_id, external_key, response_id, token, submit_date, start_date, date_stamp, start_language, last_page, seed, answers, import_job_id, created_at, updated_at) values ${values} on conflict (survey_id, external_key) do nothing`,
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

  const handle = async (fields: string[], line: number, plan: HeaderPlan) => {
    if (fields.length === 1 && fields[0] === '') return; // blank line
    rows++;
    const checked = checkRow(fields, plan);
    if ('problems' in checked) return reject(rows, line, checked.problems);
    const r = checked.record;
    let externalKey: string;
    if (r.responseId !== null) {
      if (seenIds.has(r.responseId)) return reject(rows, line, [{ column: 'id', reason: surveysNl.responses.duplicateId(String(r.responseId)) }]);
      seenIds.add(r.responseId);
      externalKey = `id:${r.responseId}`;
    } else {
      // Plain files without ids: the row's content plus how often it occurred before.
      const hash = await sha256(fields.join('\u001f'));
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

  const reader = file.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let parser: CsvParser | null = null;
  let headerLeft = 0;
  let bytes = 0;
  const records: { fields: string[]; line: number }[] = [];
  const drain = async () => {
    for (const rec of records) {
      if (headerLeft > 0) headerLeft--;
      else await handle(rec.fields, rec.line, plan!);
    }
    records.length = 0;
  };
  for (;;) {
    const { value, done } = await reader.read();
    let text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    if (value) bytes += value.byteLength;
    if (!parser) {
      // The header is decided on the first 64 kB (or the whole file when it is shorter).
      headerText += text;
      if (!done && headerText.length < 65536) continue;
      plan = resolveHeader(headerText, columns);
      if (plan.unknown.length) throw new AppError('VALIDATION', surveysNl.responses.unknownColumns(plan.unknown));
      if (!plan.questionColumns) throw new AppError('VALIDATION', surveysNl.responses.noQuestionColumns);
      headerLeft = plan.headerRecords;
      parser = new CsvParser(plan.separator);
      text = headerText.replace(/^\uFEFF/, '');
      headerText = '';
    }
    parser.feed(text, records);
    await drain();
    if (done) {
      parser.end(records);
      await drain();
      break;
    }
    await progress((bytes / Math.max(1, file.size)) * 95);
  }
  await flush();
  if (inserted > 0) {
    await deps.db.update(surveys).set({ responsesVersion: sql`${surveys.responsesVersion} + 1` }).where(eq(surveys.id, surveyId));
  }
  await deps.files.delete(key);
  // New responses → new cube version, built now so the first report read is warm. Imported
  // lazily: the cube job module reaches back into the job registry that lists this handler.
  if (inserted > 0) await (await import('../../analytics/cube-job')).buildCubeAfterImport(deps, surveyId, job.createdBy);
  // The project indicators on this survey see the new responses now (they may fire and mail).
  if (inserted > 0) await evaluateAfterImport(deps, surveyId);
  return {
    surveyId, file: String(job.payload.name ?? ''), format: plan?.format ?? 'csv', rows, accepted, inserted,
    alreadyPresent: accepted - inserted, rejected: rejectedCount, rejectedRows: rejected, reportTruncated: rejected.length >= REPORT_LIMIT,
  };
};

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
