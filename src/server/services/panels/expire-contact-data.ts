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
 * Cron (the FAQ's promise, spec 001 §9): contact data are kept at most 6 months after a study.
 * Tokens of studies that ended 6 calendar months ago or longer lose first name, last name and
 * e-mail address (the token, its status and attributes stay, so responses and reports are
 * untouched); the outbox (the delivery log, which holds addresses) keeps 6 months as well.
 * Idempotent; returns the number of tokens and messages cleared.
 */
export async function expireContactData(db: Db, now = new Date()): Promise<{ tokens: number; mails: number }> {
  const t = now.getTime();
  const [tokens, mails] = await rawClient(db).batch(
    [
      {
        sql: `with ends as (${STUDY_ENDS})
          update survey_tokens set firstname = '', lastname = '', email = '', updated_at = ?
          where survey_id in (select survey_id from ends where ended_at is not null and strftime('%s', datetime(ended_at / 1000, 'unixepoch', '+6 months')) * 1000 <= ?)
            and (firstname <> '' or lastname <> '' or email <> '')`,
        args: [t, t],
      },
      { sql: `delete from mail_outbox where strftime('%s', datetime(created_at / 1000, 'unixepoch', '+6 months')) * 1000 <= ?`, args: [t] },
    ],
    'write',
  );
  return { tokens: tokens!.rowsAffected, mails: mails!.rowsAffected };
}
