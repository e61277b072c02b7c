import type { JobDeps } from '../../../jobs/types';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { LimeSurveyXmlReader, type LsrRecord } from '../responses/lsr-reader';
import { rawClient } from '../scope';
import { codeLength, randomTokens } from '../token-job';

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
 * (the lower of the two). A participant LimeSurvey had no token for is met the same way, by the
 * import key its portal code was issued under (`target` 'import_key', see importTokenStream).
 *
 * The evidence for a completion: from a file ('response'), only when the survey now holds a
 * completed response with that token — a file may be an old or edited copy. From the live link
 * ('source'), LimeSurvey's word: the respondent completed there just now, and an anonymised
 * survey's responses carry no token, so requiring one would never let a completion through.
 */
export function tokenMerge(evidence: 'response' | 'source', target: 'token' | 'import_key' = 'token'): string {
  const takeCompletion = `survey_tokens.completed = 'N' and excluded.completed <> 'N'${
    evidence === 'response' ? ' and exists (select 1 from survey_responses r where r.survey_id = survey_tokens.survey_id and r.token = survey_tokens.token and r.submit_date is not null)' : ''
  }`;
  return `on conflict (survey_id, ${target}) do update set
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
const MERGE_BY_KEY = tokenMerge('response', 'import_key');
/** The code a new one collided with (the survey's unique (survey_id, token)): the batch is rolled back and tried again. */
const CODE_TAKEN = /UNIQUE constraint failed: survey_tokens\.survey_id, survey_tokens\.token/;
const MAX_CODE_ATTEMPTS = 5;

export interface TokenImportResult {
  rows: number;
  /** New participants in the survey: with LimeSurvey's token, or with a new portal code. */
  inserted: number;
  /** Participants the survey had whose progress the file moved forward (see MERGE). */
  updated: number;
  /** Participants the survey had that stay exactly as they were. */
  unchanged: number;
  /** Rows without a token in LimeSurvey (each is inserted with a new code, or matched to the one it got before). */
  withoutToken: number;
  /** How many of those got a new code in this import. */
  newCodes: number;
}

/**
 * Which participant of the file a row without a token is, so a re-import finds the code it got
 * the first time: LimeSurvey's own row id (`tid:<tid>`, unique in its tokens table and always in
 * its .lst); for a hand-made file without tids the normalised e-mail address, first and last name
 * (trimmed, spaces collapsed, lower case; stored as a SHA-256, not as the data) with the row's
 * occurrence number among rows with the same ones (`who:<hash>#<n>`), like response files without
 * ids. Only participants the portal issued a code for carry a key.
 */
export async function participantKey(tid: string | null, who: { email: string; firstname: string; lastname: string }, occurrences: Map<string, number>): Promise<string> {
  if (tid && /^\d+$/.test(tid.trim())) return `tid:${Number(tid.trim())}`;
  const norm = (v: string) => v.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode([who.email, who.firstname, who.lastname].map(norm).join('\n')));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const n = (occurrences.get(hash) ?? 0) + 1;
  occurrences.set(hash, n);
  return `who:${hash}#${n}`;
}

/**
 * Reads LimeSurvey's participants XML (.lst: tokens_{sid} with tid, firstname, …, attribute_N)
 * from a stream into survey_tokens: one row per participant, attributes as JSON; tokens the survey
 * already has are merged by the rule above. A row whose token LimeSurvey hasn't generated yet is
 * imported all the same with a new portal code (as `POST survey/{id}/token/generate` makes them:
 * same alphabet, the survey's length, unique in the survey) and its import key
 * (participantKey); a re-import finds it by that key, merges it by the same rule and issues no
 * second code. An archive without a .lst gives 0. Read after the archive's responses, so a
 * completion can be checked against them. Used by the archive import and by an archive uploaded as
 * a response file alike. `codes` is the code generator (a test can make it collide).
 */
export async function importTokenStream(
  deps: JobDeps,
  surveyId: number,
  body: ReadableStream<Uint8Array>,
  by: { userId: number | null; source: string },
  codes: (count: number, length: number) => string[] = randomTokens,
): Promise<TokenImportResult> {
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();
  const reader = new LimeSurveyXmlReader('tokens');
  const decoder = new TextDecoder('utf-8');
  let rows = 0, inserted = 0, updated = 0, withoutToken = 0, newCodes = 0;
  let length: number | null = null;
  /** Rows with LimeSurvey's token (COLUMNS' values), and rows without one (the same, token to be issued, and their key). */
  let pending: unknown[][] = [];
  let keyed: { values: unknown[]; key: string }[] = [];
  let started = false;
  const seen = new Set<string>();
  const seenKeys = new Set<string>();
  const occurrences = new Map<string, number>();
  const one = `(${surveyId},${COLUMNS.map(() => '?').join(',')},${stamp},${stamp})`;
  const oneKeyed = `(${surveyId},${COLUMNS.map(() => '?').join(',')},?,${stamp},${stamp})`;
  const flush = async (last = false) => {
    if (!pending.length && !keyed.length && !(last && rows > 0)) return;
    if (keyed.length && length === null) {
      const rs = await client.execute({ sql: 'select token_length from surveys where id = ?', args: [surveyId] });
      length = codeLength(Number(rs.rows[0]?.token_length) || 15);
    }
    for (let attempt = 1; ; attempt++) {
      const issued = codes(keyed.length, length ?? 15);
      const parts: { rows: number; keyed: boolean }[] = [];
      const statements = [];
      for (let i = 0; i < pending.length; i += ROWS_PER_STATEMENT) {
        const part = pending.slice(i, i + ROWS_PER_STATEMENT);
        parts.push({ rows: part.length, keyed: false });
        // In the same write batch: how many of these tokens the survey has already, then the upsert.
        statements.push(
          { sql: `select count(*) as n from survey_tokens where survey_id = ${surveyId} and token in (${part.map(() => '?').join(',')})`, args: part.map((p) => p[0]) as never[] },
          { sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, created_at, updated_at) values ${part.map(() => one).join(',')} ${MERGE}`, args: part.flat() as never[] },
        );
      }
      for (let i = 0; i < keyed.length; i += ROWS_PER_STATEMENT) {
        const part = keyed.slice(i, i + ROWS_PER_STATEMENT);
        parts.push({ rows: part.length, keyed: true });
        // The same by import key: a participant found there keeps the code it has; the others get theirs.
        statements.push(
          { sql: `select count(*) as n from survey_tokens where survey_id = ${surveyId} and import_key in (${part.map(() => '?').join(',')})`, args: part.map((p) => p.key) },
          {
            sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, import_key, created_at, updated_at) values ${part.map(() => oneKeyed).join(',')} ${MERGE_BY_KEY}`,
            args: part.flatMap((p, j) => [issued[i + j], ...p.values.slice(1), p.key]) as never[],
          },
        );
      }
      // The import's last write batch carries its audit row (issue 34: personal data imported), so the
      // trail never lacks an import that happened; earlier batches of a long file are its first part.
      // The number of new codes is counted in the batch itself: the rows this import inserted with a key.
      if (last) {
        statements.push({
          sql: `insert into audit_log (user_id, company_id, action, resource, resource_id, summary, result, created_at)
            select ?, s.company_id, 'tokens.import', 'survey', s.id,
              substr(? || (select count(*) from survey_tokens t where t.survey_id = s.id and t.import_key is not null and t.created_at = ?), 1, 500), 'ok', ? from surveys s where s.id = ?`,
          args: [by.userId, `Deelnemers geïmporteerd (${by.source.slice(0, 200)}) in ${surveyId}: ${rows} gelezen, ${rows - withoutToken} met code, ${withoutToken} zonder code; nieuwe codes uitgegeven: `, stamp, stamp, surveyId],
        });
      }
      let results;
      try {
        results = await client.batch(statements, 'write');
      } catch (err) {
        // A new code that happens to exist already: the whole batch was rolled back; new codes, again.
        if (keyed.length && attempt < MAX_CODE_ATTEMPTS && CODE_TAKEN.test(errorText(err))) continue;
        throw err;
      }
      parts.forEach((part, p) => {
        const existing = Number(results[2 * p]!.rows[0]!.n);
        inserted += part.rows - existing;
        if (part.keyed) newCodes += part.rows - existing;
        updated += results[2 * p + 1]!.rowsAffected - (part.rows - existing);
      });
      break;
    }
    pending = [];
    keyed = [];
  };
  const take = async (batch: LsrRecord[]) => {
    const fields = reader.fields ?? [];
    const at = (name: string) => fields.indexOf(name);
    const idx = Object.fromEntries(['tid', 'token', 'participant_id', 'firstname', 'lastname', 'email', 'emailstatus', 'language', 'blacklisted', 'sent', 'remindersent', 'remindercount', 'completed', 'usesleft', 'validfrom', 'validuntil'].map((n) => [n, at(n)]));
    const attributeCols = fields.map((f, i) => [f, i] as const).filter(([f]) => /^attribute_\d+$/.test(f));
    for (const rec of batch) {
      rows++;
      const v = (name: string) => (idx[name]! >= 0 ? rec[idx[name]!] : null);
      const token = (v('token') ?? '').trim();
      const int = (name: string, fallback: number) => (/^-?\d+$/.test((v(name) ?? '').trim()) ? Number(v(name)!.trim()) : fallback);
      const attributes = Object.fromEntries(attributeCols.map(([f, i]) => [f, rec[i] ?? '']));
      const values = [
        token, v('participant_id') || null, v('firstname') ?? '', v('lastname') ?? '', v('email') ?? '', v('emailstatus') || 'OK', v('language') || null,
        v('blacklisted') || 'N', v('sent') || 'N', v('remindersent') || 'N', int('remindercount', 0), v('completed') || 'N', int('usesleft', 1),
        v('validfrom') || null, v('validuntil') || null, JSON.stringify(attributes),
      ];
      if (!token) {
        withoutToken++;
        const key = await participantKey(v('tid') ?? null, { email: v('email') ?? '', firstname: v('firstname') ?? '', lastname: v('lastname') ?? '' }, occurrences);
        // A tid twice in a hand-edited file is one participant.
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        keyed.push({ values, key });
      } else {
        // LimeSurvey keeps tokens unique; a repeat in a hand-edited file changes nothing.
        if (seen.has(token)) continue;
        seen.add(token);
        pending.push(values);
      }
      if (pending.length + keyed.length >= ROWS_PER_BATCH) await flush();
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
  return { rows, inserted, updated, unchanged: rows - inserted - updated, withoutToken, newCodes };
}

/** An error's message with those of its causes (libSQL wraps the SQLite one). */
function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) parts.push(e instanceof Error ? e.message : String(e));
  return parts.join(' | ');
}
