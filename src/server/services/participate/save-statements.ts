import type { InStatement } from '@libsql/client';
import type { Credential } from '../../auth/respondent-cookie';
import type { Answers } from './page-flow';

/** The respondent's participation, by what identifies it (token id, or the hash of an open survey's key). */
export interface Who {
  surveyId: number;
  tokenId: number | null;
  keyHash: string | null;
}

export const whoFor = (surveyId: number, cred: Credential | null, tokenId: number | null): Who => ({
  surveyId,
  tokenId,
  keyHash: cred?.kind === 'key' ? cred.hash : null,
});

const participationId = (w: Who): { sql: string; args: (string | number)[] } =>
  w.tokenId !== null
    ? { sql: '(select id from survey_participations where token_id = ?)', args: [w.tokenId] }
    : { sql: '(select id from survey_participations where key_hash = ?)', args: [w.keyHash!] };

/** 'YYYY-MM-DD HH:MM:SS' in the Netherlands, the way LimeSurvey stores its dates. */
const stampFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
export const lsStamp = (now: Date) => stampFmt.format(now);

/**
 * Saving one page: the participation (created on the first save) with its page and language, and
 * its response row (created on the first save, external key `web:p{id}`) with the answers so far.
 */
export function saveStatements(w: Who, o: { page: number; language: string; answers: Answers; lastPage: number; datestamp: boolean; anonymized: boolean; token: string | null; now: Date }): InStatement[] {
  const t = o.now.getTime();
  const stamp = lsStamp(o.now);
  const target = w.tokenId !== null ? 'token_id' : 'key_hash';
  const pid = participationId(w);
  const g = open(w);
  return [
    {
      sql: `insert into survey_participations (survey_id, token_id, key_hash, page, language, created_at, updated_at) select ?, ?, ?, ?, ?, ?, ? where ${g.sql}
        on conflict (${target}) do update set page = excluded.page, language = excluded.language, updated_at = excluded.updated_at where survey_participations.page <> -2`,
      args: [w.surveyId, w.tokenId, w.keyHash, o.page, o.language, t, t, ...g.args],
    },
    {
      sql: `insert into survey_responses (survey_id, external_key, token, submit_date, start_date, date_stamp, start_language, last_page, answers, created_at, updated_at)
        select ?, 'web:p' || ${pid.sql}, ?, null, ?, ?, ?, ?, ?, ?, ? where ${g.sql}
        on conflict (survey_id, external_key) do update set answers = excluded.answers, date_stamp = excluded.date_stamp,
          last_page = max(coalesce(survey_responses.last_page, 0), excluded.last_page), updated_at = excluded.updated_at
        where survey_responses.submit_date is null`,
      args: [w.surveyId, ...pid.args, o.anonymized ? null : o.token, o.datestamp ? stamp : null, o.datestamp ? stamp : null, o.language, o.lastPage, JSON.stringify(o.answers), t, t, ...g.args],
    },
  ];
}

/**
 * Whether this respondent may still save: a token not yet completed, or an open survey's
 * participation not yet sent (page −2 marks a sent one). Every save statement carries it, so a
 * second submit that arrives after the first completed changes nothing and creates nothing.
 */
function open(w: Who): { sql: string; args: (string | number)[] } {
  return w.tokenId !== null
    ? { sql: `exists (select 1 from survey_tokens where id = ? and completed = 'N')`, args: [w.tokenId] }
    : { sql: `not exists (select 1 from survey_participations where key_hash = ? and page = -2)`, args: [w.keyHash!] };
}

/**
 * Completion, after the last page's save in the same batch: the response gets its submit date
 * (LimeSurvey's 1980-01-01 when the survey keeps no dates), the token is completed ('Y' in an
 * anonymous survey, else the time), and the participation goes. In an anonymous survey the
 * response also gets a fresh key, so nothing ties it to the participation or the token.
 * Every statement is conditional, so a double submit completes once.
 */
export function completeStatements(w: Who, o: { answers: Answers; datestamp: boolean; anonymized: boolean; now: Date }): InStatement[] {
  const t = o.now.getTime();
  const pid = participationId(w);
  const submit = o.datestamp ? lsStamp(o.now) : '1980-01-01 00:00:00';
  const out: InStatement[] = [
    {
      sql: `update survey_responses set submit_date = ?, answers = ?, updated_at = ?${o.anonymized ? `, token = null, external_key = 'web:' || lower(hex(randomblob(16)))` : ''}
        where survey_id = ? and external_key = 'web:p' || ${pid.sql} and submit_date is null`,
      args: [submit, JSON.stringify(o.answers), t, w.surveyId, ...pid.args],
    },
  ];
  if (w.tokenId !== null) {
    // In an anonymous survey the token's own change time would date the response: keep it to the day.
    const updated = o.anonymized ? Date.UTC(o.now.getUTCFullYear(), o.now.getUTCMonth(), o.now.getUTCDate()) : t;
    out.push({
      sql: `update survey_tokens set completed = ?, uses_left = max(uses_left - 1, 0), updated_at = ? where id = ? and completed = 'N'`,
      args: [o.anonymized ? 'Y' : lsStamp(o.now).slice(0, 16), updated, w.tokenId],
    });
  }
  // A token's participation goes (nothing links the token to the response any more); an open
  // survey's stays as 'sent' (page −2), so its key can't start the same response again.
  out.push(
    w.tokenId !== null
      ? { sql: 'delete from survey_participations where token_id = ?', args: [w.tokenId] }
      : { sql: 'update survey_participations set page = -2, updated_at = ? where key_hash = ?', args: [t, w.keyHash!] },
  );
  return out;
}
