import type { UserServiceContext } from '../../context';
import { surveyFieldwork } from '../../db/schema';
import { participateNl } from '../../../shared/i18n/participate';
import type { FieldworkInput } from '../../../shared/validation/participate';
import { findVisibleSurvey, rawClient, requireSurveyRole } from '../surveys/scope';
import { fieldworkOf, fieldworkState } from './fieldwork-state';
import { buildFormModel, type ExpressionWarning } from './form-model';
import { loadStructure } from '../surveys/load-structure';
import { loadFormModel } from './load-form-model';

/** Tokens a mail may go to: an address, not opted out or blocked, not completed. */
export const MAILABLE = `email <> '' and upper(email_status) = 'OK' and blacklisted <> 'Y' and completed = 'N'`;

export function describeWarning(w: ExpressionWarning): string {
  const r = participateNl.warnings;
  const reason = (r.reason[w.error.code] ?? r.reason.syntax!)(w.error.detail);
  return w.where === 'group' ? r.groupItem(w.subject, reason) : r.item(w.subject, r.where[w.where] ?? w.where, reason);
}

/**
 * GET survey/{id}/fieldwork: whether and when the survey can be taken, its links, progress of the
 * fieldwork (counts of participations, not of answers), who can still be invited or reminded,
 * the panels it is fielded to, and the conditions the form can't evaluate. One batch.
 */
export async function getFieldwork(ctx: UserServiceContext, surveyId: number, origin: string) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  const results = await rawClient(ctx.db).batch(
    [
      { sql: 'select status, starts_at, ends_at from survey_fieldwork where survey_id = ?', args: [surveyId] },
      {
        sql: `select (select count(*) from survey_participations where survey_id = ?1) as in_progress,
          (select count(*) from survey_responses where survey_id = ?1 and external_key >= 'web:' and external_key < 'web;' and submit_date is not null) as completed_web,
          (select count(*) from survey_responses where survey_id = ?1 and external_key >= 'paper:' and external_key < 'paper;') as paper,
          (select coalesce(sum(pending), 0) from survey_cube_rebuilds where survey_id = ?1) as pending,
          (select count(*) from survey_tokens where survey_id = ?1 and ${MAILABLE} and sent = 'N') as to_invite,
          (select count(*) from survey_tokens where survey_id = ?1 and ${MAILABLE} and sent <> 'N') as to_remind,
          (select group_concat(language) from survey_languages where survey_id = ?1) as languages`,
        args: [surveyId],
      },
      {
        sql: `select p.id, p.name, (select count(*) from panel_users u where u.panel_id = p.id) as members, exists(select 1 from survey_panels sp where sp.survey_id = ? and sp.panel_id = p.id) as linked
          from panels p where p.company_id = ? and p.deleted_at is null order by p.name`,
        args: [surveyId, survey.companyId],
      },
    ],
    'read',
  );
  const row = results[0]!.rows[0];
  const fw = fieldworkOf(row ? { status: String(row.status), startsAt: row.starts_at as string | null, endsAt: row.ends_at as string | null } : null, survey.settings);
  const c = results[1]!.rows[0]!;
  const languages = [survey.baseLanguage, ...String(c.languages ?? '').split(',').filter((l) => l && l !== survey.baseLanguage)];
  const model = await loadFormModel(ctx.db, { id: survey.id, lsSid: survey.lsSid, baseLanguage: survey.baseLanguage, languages, attributeDescriptions: survey.attributeDescriptions, updatedAt: survey.updatedAt.getTime() });
  const panels = results[2]!.rows.map((r) => ({ id: Number(r.id), name: String(r.name), members: Number(r.members), linked: Boolean(r.linked) }));
  return {
    status: fw.status, starts_at: fw.startsAt, ends_at: fw.endsAt, state: fieldworkState(fw, ctx.now), uses_tokens: survey.useTokens, anonymized: survey.anonymized,
    link: `${origin}/portal/meedoen/${surveyId}`, paper_link: `${origin}/portal/invoer/${surveyId}`,
    counts: { in_progress: Number(c.in_progress), completed_web: Number(c.completed_web), paper: Number(c.paper), pending_rebuild: Number(c.pending) },
    invitations: { to_invite: Number(c.to_invite), to_remind: Number(c.to_remind) },
    panels: panels.filter((p) => p.linked).map(({ linked: _l, ...p }) => p),
    available_panels: panels.filter((p) => !p.linked).map(({ linked: _l, ...p }) => p),
    warnings: model.warnings.map(describeWarning),
  };
}

/** PUT survey/{id}/fieldwork */
export async function updateFieldwork(ctx: UserServiceContext, surveyId: number, input: FieldworkInput, origin: string) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  const values = { status: input.status, startsAt: input.starts_at, endsAt: input.ends_at };
  await ctx.db.insert(surveyFieldwork).values({ surveyId, ...values }).onConflictDoUpdate({ target: surveyFieldwork.surveyId, set: values });
  return getFieldwork(ctx, surveyId, origin);
}

/** The Dutch warnings of a survey's conditions the form can't evaluate (the import's report; no texts are prepared). */
export async function expressionWarnings(db: UserServiceContext['db'], surveyId: number): Promise<string[]> {
  const [row] = (await rawClient(db).execute({
    sql: `select s.ls_sid, s.base_language, s.attribute_descriptions, (select group_concat(language) from survey_languages where survey_id = s.id) as languages from surveys s where s.id = ?`,
    args: [surveyId],
  })).rows;
  if (!row) return [];
  const base = String(row.base_language);
  const languages = [base, ...String(row.languages ?? '').split(',').filter((l) => l && l !== base)];
  const attributeNames = Object.keys(JSON.parse(String(row.attribute_descriptions ?? '{}')) as Record<string, string>).filter((a) => /^attribute_\d+$/.test(a));
  const model = buildFormModel(surveyId, await loadStructure(db, surveyId), { lsSid: row.ls_sid === null ? null : Number(row.ls_sid), baseLanguage: base, languages, attributeNames }, { texts: false });
  return model.warnings.map(describeWarning);
}
