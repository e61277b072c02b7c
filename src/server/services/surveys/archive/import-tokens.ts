import type { JobDeps } from '../../../jobs/types';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { LimeSurveyXmlReader, type LsrRecord } from '../responses/lsr-reader';
import { rawClient } from '../scope';

const ROWS_PER_STATEMENT = 200;
const ROWS_PER_BATCH = 2000;
const COLUMNS = ['token', 'participant_id', 'firstname', 'lastname', 'email', 'email_status', 'language', 'blacklisted', 'sent', 'reminder_sent', 'reminder_count', 'completed', 'uses_left', 'valid_from', 'valid_until', 'attributes'] as const;

/**
 * How a participant from LimeSurvey (an archive's .lst, or the live link's list_participants)
 * meets a token the survey already has (same token): the portal's row is the one staff manage, so
 * its personal data (names, e-mail, language, attributes, validity) is never overwritten; only
 * LimeSurvey's progress moves it forward. An invitation or reminder date fills a portal 'N'; the
 * reminder count takes the higher; an opt-out ('blacklisted' Y) is taken over, never undone.
 * Completion has a rule of its own: a completion date replaces a portal 'N' (with the evidence
 * below), and a completed token is never set back to 'N' or given another date (a portal
 * completion, or one staff reset on purpose, stays as it is). Uses left then follow LimeSurvey
 * (the lower of the two).
 *
 * The evidence for a completion: from a file ('response'), only when the survey now holds a
 * completed response with that token — a file may be an old or edited copy. From the live link
 * ('source'), LimeSurvey's word: the respondent completed there just now, and an anonymised
 * survey's responses carry no token, so requiring one would never let a completion through.
 */
export function tokenMerge(evidence: 'response' | 'source'): string {
  const takeCompletion = `survey_tokens.completed = 'N' and excluded.completed <> 'N'${
    evidence === 'response' ? ' and exists (select 1 from survey_responses r where r.survey_id = survey_tokens.survey_id and r.token = survey_tokens.token and r.submit_date is not null)' : ''
  }`;
  return `on conflict (survey_id, token) do update set
  completed = case when ${takeCompletion} then excluded.completed else survey_tokens.completed end,
  uses_left = case when ${takeCompletion} then min(survey_tokens.uses_left, excluded.uses_left) else survey_tokens.uses_left end,
  sent = case when survey_tokens.sent = 'N' then excluded.sent else survey_tokens.sent end,
  reminder_sent = case when survey_tokens.reminder_sent = 'N' then excluded.reminder_sent else survey_tokens.reminder_sent end,
  reminder_count = max(survey_tokens.reminder_count, excluded.reminder_count),
  blacklisted = case when excluded.blacklisted = 'Y' then 'Y' else survey_tokens.blacklisted end,
  updated_at = excluded.updated_at
where (${takeCompletion}) or (survey_tokens.sent = 'N' and excluded.sent <> 'N') or (survey_tokens.reminder_sent = 'N' and excluded.reminder_sent <> 'N')
  or excluded.reminder_count > survey_tokens.reminder_count or (excluded.blacklisted = 'Y' and survey_tokens.blacklisted <> 'Y')`;
}
const MERGE = tokenMerge('response');

export interface TokenImportResult {
  rows: number;
  inserted: number;
  /** Tokens the survey had whose progress the archive moved forward (see MERGE). */
  updated: number;
  /** Tokens the survey had that stay exactly as they were. */
  unchanged: number;
  withoutToken: number;
}

/**
 * Reads LimeSurvey's participants XML (.lst: tokens_{sid} with tid, firstname, …, attribute_N)
 * from a stream into survey_tokens: one row per participant with a token (LimeSurvey allows rows
 * whose token isn't generated yet: those are skipped and counted), attributes as JSON; tokens the
 * survey already has are merged by the rule above. An archive without a .lst gives 0. Read after
 * the archive's responses, so a completion can be checked against them. Used by the archive
 * import and by an archive uploaded as a response file alike.
 */
export async function importTokenStream(deps: JobDeps, surveyId: number, body: ReadableStream<Uint8Array>, by: { userId: number | null; source: string }): Promise<TokenImportResult> {
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();
  const reader = new LimeSurveyXmlReader('tokens');
  const decoder = new TextDecoder('utf-8');
  let rows = 0, inserted = 0, updated = 0, withoutToken = 0;
  let pending: unknown[][] = [];
  let started = false;
  const seen = new Set<string>();
  const flush = async (last = false) => {
    if (!pending.length && !(last && rows > 0)) return;
    const statements = [];
    for (let i = 0; i < pending.length; i += ROWS_PER_STATEMENT) {
      const part = pending.slice(i, i + ROWS_PER_STATEMENT);
      const one = `(${surveyId},${COLUMNS.map(() => '?').join(',')},${stamp},${stamp})`;
      // In the same write batch: how many of these tokens the survey has already, then the upsert.
      statements.push(
        { sql: `select count(*) as n from survey_tokens where survey_id = ${surveyId} and token in (${part.map(() => '?').join(',')})`, args: part.map((p) => p[0]) as never[] },
        { sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, created_at, updated_at) values ${part.map(() => one).join(',')} ${MERGE}`, args: part.flat() as never[] },
      );
    }
    // The import's last write batch carries its audit row (issue 34: personal data imported), so the
    // trail never lacks an import that happened; earlier batches of a long file are its first part.
    if (last) {
      statements.push({
        sql: `insert into audit_log (user_id, company_id, action, resource, resource_id, summary, result, created_at)
          select ?, s.company_id, 'tokens.import', 'survey', s.id, ?, 'ok', ? from surveys s where s.id = ?`,
        args: [by.userId, `Deelnemers geïmporteerd (${by.source}) in ${surveyId}: ${rows} gelezen, ${rows - withoutToken} met code, ${withoutToken} zonder code`.slice(0, 500), stamp, surveyId],
      });
    }
    const results = await client.batch(statements, 'write');
    for (let i = 0; i + 1 < results.length; i += 2) {
      const existing = Number(results[i]!.rows[0]!.n);
      const rowsInPart = Math.min(ROWS_PER_STATEMENT, pending.length - (i / 2) * ROWS_PER_STATEMENT);
      inserted += rowsInPart - existing;
      updated += results[i + 1]!.rowsAffected - (rowsInPart - existing);
    }
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
      // LimeSurvey keeps tokens unique; a repeat in a hand-edited file changes nothing.
      if (seen.has(token)) continue;
      seen.add(token);
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
  await flush(true);
  return { rows, inserted, updated, unchanged: rows - withoutToken - inserted - updated, withoutToken };
}
