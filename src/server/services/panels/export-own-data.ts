import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyResponses, surveys, surveyTokens, users } from '../../db/schema';
import { panelParticipant } from '../participate/panel-fielding';
import type { BatchItem } from 'drizzle-orm/batch';
import { auditRow } from '../audit/audit-row';
import { getUserPanels, memberPanels } from './user-answers';

/**
 * GET user/{id}/panel-data: everything the portal keeps about me as a panel member, as JSON —
 * account, panels with background data (labels, not ids), the invitations (tokens) the panels
 * gave me and the responses linked to those tokens. Own profile only (getUserPanels checks it);
 * audited in the read's batch like an organisation's export of the same data.
 */
export async function exportOwnData(ctx: UserServiceContext, userId: number) {
  await getUserPanels(ctx, userId);
  return collectMemberData(ctx, userId, [
    auditRow(ctx, { action: 'panel.member.data', resource: 'user', resourceId: userId, summary: 'Eigen panelgegevens gedownload (inzage)' }),
  ]);
}

/**
 * Everything kept about one panel member (account, panels with background data, invitations and
 * the responses linked to them). `also` joins the reads' batch (an admin's export: its audit row).
 * The caller has checked who may read it.
 */
export async function collectMemberData(ctx: UserServiceContext, userId: number, also: BatchItem<'sqlite'>[] = []) {
  const panels = await memberPanels(ctx, userId);
  const [[account], tokens, responses] = await ctx.db.batch([
    ctx.db.select({ id: users.id, fullname: users.fullname, email: users.email, created_at: users.createdAt }).from(users).where(eq(users.id, userId)),
    ctx.db
      .select({ surveyId: surveyTokens.surveyId, title: surveys.title, token: surveyTokens.token, firstname: surveyTokens.firstname, lastname: surveyTokens.lastname, email: surveyTokens.email, sent: surveyTokens.sent, reminded: surveyTokens.reminderSent, completed: surveyTokens.completed })
      .from(surveyTokens)
      .innerJoin(surveys, and(eq(surveys.id, surveyTokens.surveyId), isNull(surveys.deletedAt)))
      .where(eq(surveyTokens.participantId, panelParticipant(userId)))
      .orderBy(asc(surveyTokens.surveyId)),
    ctx.db
      .select({ surveyId: surveyResponses.surveyId, submitted: surveyResponses.submitDate, answers: surveyResponses.answers })
      .from(surveyResponses)
      .innerJoin(surveyTokens, and(eq(surveyTokens.surveyId, surveyResponses.surveyId), eq(surveyTokens.token, surveyResponses.token)))
      .where(eq(surveyTokens.participantId, panelParticipant(userId)))
      .orderBy(asc(surveyResponses.id)),
    ...also,
  ] as const);
  const label = (p: (typeof panels)[number], fieldId: number, v: string | number | number[]) => {
    const f = p.fields.find((x) => x.id === fieldId)!;
    const name = (id: number) => f.options.find((o) => o.id === id)?.label ?? String(id);
    return Array.isArray(v) ? v.map(name) : f.options.length ? name(Number(v)) : v;
  };
  return {
    generated_at: ctx.now.toISOString(),
    account: account && { ...account, created_at: account.created_at.toISOString() },
    panels: panels.map((p) => ({
      id: p.id,
      name: p.name,
      joined_at: p.joined_at,
      background: p.fields.map((f) => ({ field: f.name, answer: p.answers[f.id] === undefined ? null : label(p, f.id, p.answers[f.id]!) })),
    })),
    invitations: tokens.map((t) => ({
      survey_id: t.surveyId,
      survey: t.title,
      token: t.token,
      name: `${t.firstname} ${t.lastname}`.trim(),
      email: t.email,
      invited: t.sent !== 'N' ? t.sent : null,
      reminded: t.reminded !== 'N' ? t.reminded : null,
      completed: t.completed !== 'N' ? t.completed : null,
      responses: responses.filter((r) => r.surveyId === t.surveyId).map((r) => ({ submitted: r.submitted, answers: JSON.parse(r.answers) as Record<string, string> })),
    })),
  };
}
