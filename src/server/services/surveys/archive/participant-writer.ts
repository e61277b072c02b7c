import type { JobDeps } from '../../../jobs/types';
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
 * import key its portal code was issued under (`target` 'import_key', see participantWriter).
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
/** The code a new one collided with (the survey's unique (survey_id, token)): the batch is rolled back and tried again. */
const CODE_TAKEN = /UNIQUE constraint failed: survey_tokens\.survey_id, survey_tokens\.token/;
const MAX_CODE_ATTEMPTS = 5;

export interface TokenImportResult {
  rows: number;
  /** New participants in the survey: with LimeSurvey's token, or with a new portal code. */
  inserted: number;
  /** Participants the survey had whose progress LimeSurvey moved forward (see tokenMerge). */
  updated: number;
  /** Participants the survey had that stay exactly as they were. */
  unchanged: number;
  /** Rows without a token in LimeSurvey (each is inserted with a new code, or matched to the one it got before). */
  withoutToken: number;
  /** How many of those got a new code now. */
  newCodes: number;
}

/** One participant as LimeSurvey has it; `token` '' when LimeSurvey hasn't generated one. */
export interface LimeParticipantRow {
  token: string;
  participantId: string | null;
  firstname: string;
  lastname: string;
  email: string;
  emailStatus: string;
  language: string | null;
  blacklisted: string;
  sent: string;
  reminderSent: string;
  reminderCount: number;
  completed: string;
  usesLeft: number;
  validFrom: string | null;
  validUntil: string | null;
  attributes: Record<string, string>;
}

/**
 * Which participant of LimeSurvey a row without a token is, so a later import or sync finds the
 * code it got the first time: LimeSurvey's own row id (`tid:<tid>`, unique in its tokens table,
 * always in its .lst and in list_participants); for a hand-made file without tids the normalised
 * e-mail address, first and last name (trimmed, spaces collapsed, lower case; stored as a
 * SHA-256, not as the data) with the row's occurrence number among rows with the same ones
 * (`who:<hash>#<n>`), like response files without ids. Only participants the portal issued a
 * code for carry a key.
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
 * Writes LimeSurvey's participants into a survey's tokens, for the archive's .lst and the live
 * link's list_participants alike: one row per participant. A row with LimeSurvey's token is added,
 * or merged by tokenMerge into the token the survey has. A row LimeSurvey has no token for yet gets
 * a new portal code (as `POST survey/{id}/token/generate` makes them: same alphabet, the survey's
 * length, unique in the survey) under its import key (participantKey); a later import or sync finds
 * it by that key, merges it by the same rule and issues no second code. A new code that exists
 * already rolls the write batch back and is drawn again. Rows are written in batches as they come
 * (`add`); `finish` writes the rest with the audit row 'tokens.import' in the same batch (nothing
 * read, nothing written) and returns the counts. `evidence` is tokenMerge's rule for a completion;
 * `codes` the code generator (a test can make it collide).
 */
export function participantWriter(
  deps: Pick<JobDeps, 'db' | 'now'>,
  surveyId: number,
  opts: { evidence: 'response' | 'source'; by: { userId: number | null; source: string }; codes?: (count: number, length: number) => string[] },
) {
  const client = rawClient(deps.db);
  const stamp = deps.now().getTime();
  const codes = opts.codes ?? randomTokens;
  const merge = tokenMerge(opts.evidence);
  const mergeByKey = tokenMerge(opts.evidence, 'import_key');
  let rows = 0, inserted = 0, updated = 0, withoutToken = 0, newCodes = 0;
  let length: number | null = null;
  /** Rows with LimeSurvey's token (COLUMNS' values), and rows without one (the same, token to be issued, and their key). */
  let pending: unknown[][] = [];
  let keyed: { values: unknown[]; key: string }[] = [];
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
          { sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, created_at, updated_at) values ${part.map(() => one).join(',')} ${merge}`, args: part.flat() as never[] },
        );
      }
      for (let i = 0; i < keyed.length; i += ROWS_PER_STATEMENT) {
        const part = keyed.slice(i, i + ROWS_PER_STATEMENT);
        parts.push({ rows: part.length, keyed: true });
        // The same by import key: a participant found there keeps the code it has; the others get theirs.
        statements.push(
          { sql: `select count(*) as n from survey_tokens where survey_id = ${surveyId} and import_key in (${part.map(() => '?').join(',')})`, args: part.map((p) => p.key) },
          {
            sql: `insert into survey_tokens (survey_id, ${COLUMNS.join(', ')}, import_key, created_at, updated_at) values ${part.map(() => oneKeyed).join(',')} ${mergeByKey}`,
            args: part.flatMap((p, j) => [issued[i + j], ...p.values.slice(1), p.key]) as never[],
          },
        );
      }
      // The last write batch carries the audit row (issue 34: personal data imported), so the trail
      // never lacks an import that happened; earlier batches of a long list are its first part.
      // The number of new codes is counted in the batch itself: the rows written now with a key.
      if (last) {
        statements.push({
          sql: `insert into audit_log (user_id, company_id, action, resource, resource_id, summary, result, created_at)
            select ?, s.company_id, 'tokens.import', 'survey', s.id,
              substr(? || (select count(*) from survey_tokens t where t.survey_id = s.id and t.import_key is not null and t.created_at = ?), 1, 500), 'ok', ? from surveys s where s.id = ?`,
          args: [opts.by.userId, `Deelnemers geïmporteerd (${opts.by.source.slice(0, 200)}) in ${surveyId}: ${rows} gelezen, ${rows - withoutToken} met code, ${withoutToken} zonder code; nieuwe codes uitgegeven: `, stamp, stamp, surveyId],
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
  return {
    /** One participant; `tid` is LimeSurvey's row id where known (the import key of a row without a token). */
    async add(p: LimeParticipantRow, tid: string | null) {
      rows++;
      const token = p.token.trim();
      const values = [
        token, p.participantId, p.firstname, p.lastname, p.email, p.emailStatus, p.language, p.blacklisted, p.sent, p.reminderSent, p.reminderCount,
        p.completed, p.usesLeft, p.validFrom, p.validUntil, JSON.stringify(p.attributes),
      ];
      if (!token) {
        withoutToken++;
        const key = await participantKey(tid, p, occurrences);
        // A tid twice in a hand-edited file is one participant.
        if (seenKeys.has(key)) return;
        seenKeys.add(key);
        keyed.push({ values, key });
      } else {
        // LimeSurvey keeps tokens unique; a repeat in a hand-edited file changes nothing.
        if (seen.has(token)) return;
        seen.add(token);
        pending.push(values);
      }
      if (pending.length + keyed.length >= ROWS_PER_BATCH) await flush();
    },
    /** Writes the rest with the audit row and returns the counts. */
    async finish(): Promise<TokenImportResult> {
      await flush(true);
      return { rows, inserted, updated, unchanged: rows - inserted - updated, withoutToken, newCodes };
    },
  };
}

/** An error's message with those of its causes (libSQL wraps the SQLite one). */
function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) parts.push(e instanceof Error ? e.message : String(e));
  return parts.join(' | ');
}
