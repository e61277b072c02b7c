import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { panels, surveyPanels, surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { participateNl } from '../../../shared/i18n/participate';
import { findVisibleSurvey, rawClient, requireSurveyRole } from '../surveys/scope';
import { randomTokens } from '../surveys/token-job';

/** participant_id of a panel member's token (LimeSurvey's link to a central participant). */
export const panelParticipant = (userId: number) => `panel-user:${userId}`;

async function panelOfSurveyCompany(ctx: UserServiceContext, surveyId: number, panelId: number) {
  const survey = await findVisibleSurvey(ctx, surveyId);
  const [panel] = await ctx.db
    .select({ id: panels.id })
    .from(panels)
    .where(and(eq(panels.id, panelId), eq(panels.companyId, survey.companyId), isNull(panels.deletedAt)));
  if (!panel) throw new AppError('NOT_FOUND', nl.notFound);
  return survey;
}

/**
 * Tokens for members of the survey's panels who have none yet (a member who joins later gets
 * one at the next link or invitation run). Name and address come from the member's account.
 */
export async function syncPanelTokens(db: Db, surveyId: number, now = new Date()): Promise<number> {
  const client = rawClient(db);
  const { rows } = await client.execute({
    sql: `select distinct u.id, u.fullname, u.email, s.token_length from survey_panels sp
      join surveys s on s.id = sp.survey_id
      join panel_users pu on pu.panel_id = sp.panel_id
      join users u on u.id = pu.user_id and u.deleted_at is null
      where sp.survey_id = ? and not exists (select 1 from survey_tokens t where t.survey_id = sp.survey_id and t.participant_id = 'panel-user:' || u.id)`,
    args: [surveyId],
  });
  if (!rows.length) return 0;
  const length = Math.max(13, Math.min(35, Number(rows[0]!.token_length) || 15));
  const codes = randomTokens(rows.length, length);
  const t = now.getTime();
  await client.batch(
    rows.map((r, i) => {
      const [first, ...rest] = String(r.fullname).trim().split(/\s+/);
      return {
        sql: `insert into survey_tokens (survey_id, token, participant_id, firstname, lastname, email, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
        args: [surveyId, codes[i]!, panelParticipant(Number(r.id)), first ?? '', rest.join(' '), String(r.email), t, t],
      };
    }),
    'write',
  );
  return rows.length;
}

/** PUT survey/{id}/panel/{pid}: field the survey to a panel of the same organisation; members get tokens. */
export async function linkPanel(ctx: UserServiceContext, surveyId: number, panelId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await panelOfSurveyCompany(ctx, surveyId, panelId);
  if (!survey.useTokens) {
    // A panel gets personal codes: the survey becomes a token survey (LimeSurvey: a participant table).
    await ctx.db.update(surveys).set({ useTokens: true }).where(eq(surveys.id, surveyId));
  }
  await ctx.db.insert(surveyPanels).values({ surveyId, panelId, createdBy: ctx.user.id }).onConflictDoNothing();
  const created = await syncPanelTokens(ctx.db, surveyId, ctx.now);
  return { data: { survey_id: surveyId, panel_id: panelId, tokens_created: created }, alert: participateNl.panels.linked(created) };
}

/** DELETE survey/{id}/panel/{pid}: no new tokens or mails for the panel; tokens already given keep working. */
export async function unlinkPanel(ctx: UserServiceContext, surveyId: number, panelId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await panelOfSurveyCompany(ctx, surveyId, panelId);
  const removed = await ctx.db.delete(surveyPanels).where(and(eq(surveyPanels.surveyId, surveyId), eq(surveyPanels.panelId, panelId))).returning();
  if (!removed.length) throw new AppError('NOT_FOUND', nl.notFound);
  return { data: null, alert: participateNl.panels.unlinked };
}
