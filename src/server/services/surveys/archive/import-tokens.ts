import type { JobDeps } from '../../../jobs/types';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { LimeSurveyXmlReader, type LsrRecord } from '../responses/lsr-reader';
import { rawClient } from '../scope';

const ROWS_PER_STATEMENT = 200;
const ROWS_PER_BATCH = 2000;
const COLUMNS = ['token', 'participant_id', 'firstname', 'lastname', 'email', 'email_status', 'language', 'blacklisted', 'sent', 'reminder_sent', 'reminder_count', 'completed', 'uses_left', 'valid_from', 'valid_until', 'attributes'] as const;

/**
 * Reads LimeSurvey's participants XML (.lst: tokens_{sid} with tid, firstname, …, attribute_N)
 * from a stream into survey_tokens: one row per participant with a token (LimeSurvey allows rows
 * whose token isn't generated yet: those are skipped and counted), attributes as JSON, existing
 * tokens of the survey left as they are. An archive without a .lst (no participant table) gives 0.
 */
export async function importTokenStream(deps: JobDeps, surveyId: number, body: ReadableStream<Uint8Array>) {
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();
  const reader = new LimeSurveyXmlReader('tokens');
  const decoder = new TextDecoder('utf-8');
  let rows = 0, inserted = 0, withoutToken = 0;
  let pending: unknown[][] = [];
  let started = false;
  const flush = async () => {
    if (!pending.length) return;
    const statements = [];
    for (let i = 0; i < pending.length; i += ROWS_PER_STATEMENT) {
      const part = pending.slice(i, i + ROWS_PER_STATEMENT);
      const one = `(${surveyId},${COLUMNS.map(() => '?').join(',')},${stamp},${stamp})`;
      statements.push({
        sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, created_at, updated_at) values ${part.map(() => one).join(',')} on conflict (survey_id, token) do nothing`,
        args: part.flat() as never[],
      });
    }
    const results = await client.batch(statements, 'write');
    inserted += results.reduce((sum, r) => sum + r.rowsAffected, 0);
    pending = [];
  };
  const take = async (batch: LsrRecord[]) => {
    const fields = reader.fields ?? [];
    const at = (name: string) => fields.indexOf(name);
    const idx = Object.fromEntries(['token', 'participant_id', 'firstname', 'lastname', 'email', 'emailstatus', 'language', 'blacklisted', 'sent', 'remindersent', 'remindercount', 'completed', 'usesleft', 'validfrom', 'validuntil'].map((n) => [n, at(n)]));
    const attributeCols = fields.map((f, i) => [f, i] as const).filter(([f]) => /^attribute_\d+$/.test(f));
    for (const rec of batch) {
      rows++;
      const v = (name: string) => (idx[name]! >= 0 ? rec[idx[name]!] : null);
      const token = (v('token') ?? '').trim();
      if (!token) {
        withoutToken++;
        continue;
      }
      const int = (name: string, fallback: number) => (/^-?\d+$/.test((v(name) ?? '').trim()) ? Number(v(name)!.trim()) : fallback);
      const attributes = Object.fromEntries(attributeCols.map(([f, i]) => [f, rec[i] ?? '']));
      pending.push([
        token, v('participant_id') || null, v('firstname') ?? '', v('lastname') ?? '', v('email') ?? '', v('emailstatus') || 'OK', v('language') || null,
        v('blacklisted') || 'N', v('sent') || 'N', v('remindersent') || 'N', int('remindercount', 0), v('completed') || 'N', int('usesleft', 1),
        v('validfrom') || null, v('validuntil') || null, JSON.stringify(attributes),
      ]);
      if (pending.length >= ROWS_PER_BATCH) await flush();
    }
  };
  const it = body.getReader();
  for (;;) {
    const { value, done } = await it.read();
    if (value) {
      started = true;
      await take(reader.feed(decoder.decode(value, { stream: true })));
    }
    if (done) {
      if (started) await take(reader.feed(decoder.decode()).concat(reader.end()));
      break;
    }
  }
  if (started && reader.docType && reader.docType !== 'Tokens') throw new AppError('VALIDATION', surveysNl.import.wrongDocType(reader.docType, 'Tokens'));
  await flush();
  return { rows, inserted, alreadyPresent: rows - withoutToken - inserted, withoutToken };
}
