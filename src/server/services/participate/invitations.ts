import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { JobHandler } from '../../jobs/types';
import { createMailer } from '../../mail/mailer';
import { participateNl } from '../../../shared/i18n/participate';
import type { InvitationInput } from '../../../shared/validation/participate';
import { surveysNl } from '../../../shared/i18n/surveys';
import { findVisibleSurvey, rawClient, requireSurveyRole } from '../surveys/scope';
import { MAILABLE } from './fieldwork';
import { fieldworkOf, fieldworkState } from './fieldwork-state';
import { syncPanelTokens } from './panel-fielding';
import { lsStamp } from './save-statements';

export const INVITATIONS_JOB = 'participate.invitations';
const PAGE = 200;

/**
 * POST survey/{id}/invitation {kind}: panel members first get their tokens, then a job mails an
 * invitation to every mailable token not yet invited, or a reminder to every invited one that
 * hasn't completed. Opted-out, blocked and completed tokens are skipped.
 */
export async function sendInvitations(ctx: UserServiceContext, surveyId: number, input: InvitationInput, origin: string) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const t = participateNl.invitations;
  if (!survey.useTokens) throw new AppError('VALIDATION', t.noTokens, { kind: [t.noTokens] });
  const [fw] = (await rawClient(ctx.db).execute({ sql: 'select status, starts_at, ends_at from survey_fieldwork where survey_id = ?', args: [surveyId] })).rows;
  const fieldwork = fieldworkOf(fw ? { status: String(fw.status), startsAt: fw.starts_at as string | null, endsAt: fw.ends_at as string | null } : null, survey.settings);
  if (['closed', 'ended'].includes(fieldworkState(fieldwork, ctx.now))) throw new AppError('VALIDATION', t.closed, { kind: [t.closed] });
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  await syncPanelTokens(ctx.db, surveyId, ctx.now);
  return ctx.jobs.enqueue(INVITATIONS_JOB, { surveyId, kind: input.kind, origin }, ctx.user.id);
}

function message(kind: 'invite' | 'remind', title: string, token: { firstname: string; lastname: string; token: string }, link: string, optOut: string) {
  const m = participateNl.mail;
  const name = `${token.firstname} ${token.lastname}`.trim();
  const lines = [m.greeting(name), '', kind === 'invite' ? m.invite(title) : m.reminder(title), '', m.link, link, '', m.code(token.token), '', m.thanks, '', '—', m.optOut, optOut];
  return { subject: kind === 'invite' ? m.inviteSubject(title) : m.reminderSubject(title), text: lines.join('\n') };
}

/**
 * Job 'participate.invitations' { surveyId, kind, origin }: pages of 200 tokens by id; each mail
 * goes through the mail adapter and marks its token (sent, or remindersent/remindercount with
 * this job's stamp), so a retried delivery continues where it stopped instead of mailing twice.
 */
export const invitationsJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const kind = job.payload.kind === 'remind' ? 'remind' : 'invite';
  const origin = String(job.payload.origin ?? '');
  const stamp = lsStamp(job.createdAt).slice(0, 16);
  const client = rawClient(deps.db);
  const mailer = deps.mailer ?? createMailer(deps.db, { mailFrom: 'ImpulZ <noreply@impulz.nl>' });
  const [survey] = (await client.execute({ sql: `select s.title, coalesce(l.title, '') as ltitle from surveys s left join survey_languages l on l.survey_id = s.id and l.language = s.base_language where s.id = ? and s.deleted_at is null`, args: [surveyId] })).rows;
  if (!survey) throw new AppError('NOT_FOUND', surveysNl.jobs.failed);
  const title = String(survey.ltitle || survey.title);
  const which = kind === 'invite' ? `sent = 'N'` : `sent <> 'N' and reminder_sent <> ?2`;
  const [total] = (await client.execute({
    sql: `select coalesce(sum(case when ${MAILABLE} and ${which} then 1 else 0 end), 0) as n, coalesce(sum(case when completed = 'N' and email <> '' and not (${MAILABLE}) then 1 else 0 end), 0) as skipped from survey_tokens where survey_id = ?1`,
    args: [surveyId, stamp],
  })).rows;
  const all = Number(total?.n ?? 0);
  let after = 0;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const { rows } = await client.execute({
      sql: `select id, token, firstname, lastname, email from survey_tokens where survey_id = ?1 and ${MAILABLE} and ${which} and id > ?3 order by id limit ${PAGE}`,
      args: [surveyId, stamp, after],
    });
    for (const r of rows) {
      after = Number(r.id);
      const code = encodeURIComponent(String(r.token));
      const mail = message(kind, title, { firstname: String(r.firstname), lastname: String(r.lastname), token: String(r.token) }, `${origin}/portal/meedoen/${surveyId}?code=${code}`, `${origin}/portal/meedoen/${surveyId}/afmelden?code=${code}`);
      try {
        await mailer.send({ to: String(r.email), ...mail });
        sent++;
        await client.execute(
          kind === 'invite'
            ? { sql: 'update survey_tokens set sent = ? where id = ?', args: [stamp, after] }
            : { sql: 'update survey_tokens set reminder_sent = ?, reminder_count = reminder_count + 1 where id = ?', args: [stamp, after] },
        );
      } catch {
        failed++;
      }
    }
    await progress(all ? ((sent + failed) / all) * 100 : 99);
    if (rows.length < PAGE) break;
  }
  return { surveyId, kind, sent, failed, skipped: Number(total?.skipped ?? 0) };
};
