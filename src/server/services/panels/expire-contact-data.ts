import type { Db } from '../../db/client';
import { rawClient } from '../surveys/scope';

/**
 * When a study ended (unix ms), per survey: the end of its fieldwork period; else the moment its
 * fieldwork was closed; else (no fieldwork settings) LimeSurvey's own `expires`; else its last
 * activity (the newest response or token change), so a study nobody touches any more ends too.
 */
const STUDY_ENDS = `select s.id as survey_id,
    case
      when f.ends_at is not null and f.ends_at <> '' then strftime('%s', replace(f.ends_at, 'T', ' ')) * 1000
      when f.status = 'closed' then f.updated_at
      when f.survey_id is null and coalesce(json_extract(s.settings, '$.expires'), '') <> '' then strftime('%s', json_extract(s.settings, '$.expires')) * 1000
      else max(s.created_at, coalesce((select max(r.updated_at) from survey_responses r where r.survey_id = s.id), 0), coalesce((select max(t.updated_at) from survey_tokens t where t.survey_id = s.id), 0))
    end as ended_at
  from surveys s left join survey_fieldwork f on f.survey_id = s.id`;

/**
 * Tokens whose study ended the organisation's contact period ago (`contact_retention_months`,
 * default 12) and still hold a name, an address or attributes.
 */
const EXPIRED_TOKENS = `with ends as (${STUDY_ENDS})
  select t.id, t.survey_id, s.company_id, t.attributes <> '{}' as with_attributes from survey_tokens t
  join surveys s on s.id = t.survey_id
  join companies c on c.id = s.company_id
  join ends e on e.survey_id = t.survey_id
  where e.ended_at is not null
    and strftime('%s', datetime(e.ended_at / 1000, 'unixepoch', '+' || c.contact_retention_months || ' months')) * 1000 <= ?
    and (t.firstname <> '' or t.lastname <> '' or t.email <> '' or t.attributes <> '{}')`;

/** Audit rows past their organisation's period (`audit_retention_months`, default 24; installation rows 24). */
const EXPIRED_AUDIT = `select a.id, a.company_id from audit_log a left join companies c on c.id = a.company_id
  where strftime('%s', datetime(a.created_at / 1000, 'unixepoch', '+' || coalesce(c.audit_retention_months, 24) || ' months')) * 1000 <= ?`;

/**
 * Cron (the FAQ's promise, spec 001 §9; AVG art. 5): participants' personal data are kept only the
 * organisation's period after a study (12 months unless it chose 1–11). Tokens of studies that
 * ended that long ago lose first name, last name, e-mail address and attributes (the token, its
 * status and the answers stay, so every number that does not split by an attribute is untouched;
 * a survey that lost attributes moves its responses version, so cubes and reports follow); the
 * outbox (the delivery log, which holds addresses) keeps 6 months; audit rows older than the
 * organisation's audit period go. What was removed is written to the audit trail per survey, in
 * the same transaction. Idempotent; returns the number of tokens, messages and audit rows cleared.
 */
export async function expireContactData(db: Db, now = new Date()): Promise<{ tokens: number; mails: number; audit: number }> {
  const t = now.getTime();
  const [, , tokens, mails, , audit] = await rawClient(db).batch(
    [
      {
        sql: `insert into audit_log (user_id, company_id, action, resource, resource_id, summary, result, created_at)
          select null, x.company_id, 'retention.contacts', 'survey', x.survey_id,
            'Bewaartermijn: naam, e-mailadres en kenmerken van ' || count(*) || ' deelnemer(s) van ' || s.title || ' (' || x.survey_id || ') verwijderd ('
              || c.contact_retention_months || ' maanden na het einde van het onderzoek); ' || sum(x.with_attributes) || ' met kenmerken; antwoorden blijven', 'ok', ?
          from (${EXPIRED_TOKENS}) x join companies c on c.id = x.company_id join surveys s on s.id = x.survey_id group by x.survey_id`,
        args: [t, t],
      },
      // Attributes are cube columns: a survey that loses them moves its responses version (not updated_at).
      {
        sql: `update surveys set responses_version = responses_version + 1 where id in (select survey_id from (${EXPIRED_TOKENS}) where with_attributes)`,
        args: [t],
      },
      {
        sql: `update survey_tokens set firstname = '', lastname = '', email = '', attributes = '{}', updated_at = ? where id in (select id from (${EXPIRED_TOKENS}))`,
        args: [t, t],
      },
      { sql: `delete from mail_outbox where strftime('%s', datetime(created_at / 1000, 'unixepoch', '+6 months')) * 1000 <= ?`, args: [t] },
      {
        sql: `insert into audit_log (user_id, company_id, action, resource, resource_id, summary, result, created_at)
          select null, x.company_id, 'retention.audit', 'audit_log', null, 'Bewaartermijn: ' || count(*) || case count(*) when 1 then ' auditregel' else ' auditregels' end || ' ouder dan de bewaartermijn verwijderd', 'ok', ?
          from (${EXPIRED_AUDIT}) x group by x.company_id`,
        args: [t, t],
      },
      // The rows just written are new, so never past their period.
      { sql: `delete from audit_log where id in (select id from (${EXPIRED_AUDIT}))`, args: [t] },
    ],
    'write',
  );
  return { tokens: tokens!.rowsAffected, mails: mails!.rowsAffected, audit: audit!.rowsAffected };
}
