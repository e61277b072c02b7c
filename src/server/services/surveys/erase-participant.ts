import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { surveyResponses, surveyTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { auditRow } from '../audit/audit-row';
import { CUBE_BUILD_JOB } from '../analytics/cube-job';
import { bumpResponsesVersion } from './responses-version';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/**
 * The erasure (AVG art. 17) of the tokens `which` picks out: the responses given with their codes
 * lose that link, then the tokens lose name, e-mail address and attributes and each gets an
 * unusable code ('gewist-…'). The answers stay, anonymous. Responses first: they are found
 * through the codes the second statement replaces. Not awaited, so both join the caller's batch
 * (with the responses-version bump and the audit row). Used for one participant (below) and for
 * every token of a panel member (panels/panel-member-accounts.ts).
 */
export function eraseTokenStatements(db: Db, which: SQL, now: Date) {
  const linked = db
    .select({ one: sql`1` })
    .from(surveyTokens)
    .where(and(which, eq(surveyTokens.surveyId, surveyResponses.surveyId), eq(surveyTokens.token, surveyResponses.token)));
  return [
    db.update(surveyResponses).set({ token: null, updatedAt: now }).where(exists(linked)).returning({ id: surveyResponses.id }),
    db
      .update(surveyTokens)
      .set({ firstname: '', lastname: '', email: '', attributes: {}, token: sql`'gewist-' || lower(hex(randomblob(16)))`, usesLeft: 0, updatedAt: now })
      .where(which),
  ] as const;
}

/**
 * POST survey/{id}/token/{tid}/erase (AVG art. 17, on request): one participant's name, e-mail
 * address and attributes go, their code is replaced by an unusable one and the link between the
 * code and their answers is cut; the answers stay, anonymous, in the results. The responses
 * version moves (cube, report data and public pages follow) and the erasure is audited — one batch.
 */
export async function eraseParticipant(ctx: UserServiceContext, surveyId: number, tokenId: number) {
  requireSurveyRole(ctx.user, 'survey.tokens.export');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const [token] = await ctx.db.select({ id: surveyTokens.id }).from(surveyTokens).where(and(eq(surveyTokens.id, tokenId), eq(surveyTokens.surveyId, surveyId)));
  if (!token) throw new AppError('NOT_FOUND', nl.notFound);
  const [unlinked] = await ctx.db.batch([
    ...eraseTokenStatements(ctx.db, eq(surveyTokens.id, tokenId), ctx.now),
    bumpResponsesVersion(ctx.db, surveyId),
    auditRow(ctx, { action: 'participant.erase', resource: 'survey', resourceId: surveyId, companyId: survey.companyId, summary: `Persoonsgegevens van deelnemer ${tokenId} gewist op verzoek (naam, e-mailadres, kenmerken, code) in ${survey.title} (${surveyId}); antwoorden blijven anoniem` }),
  ]);
  if (ctx.jobs) await ctx.jobs.enqueue(CUBE_BUILD_JOB, { surveyId }, ctx.user.id);
  return { id: tokenId, responses_unlinked: unlinked.length };
}

/**
 * GET survey/{id}/token/{tid}/personal-data (AVG art. 15, on request): everything the portal keeps
 * about one participant of a survey — the token (name, e-mail, attributes, code, invitation and
 * completion status) and the responses linked to its code — as a JSON file. Audited before it is
 * handed out.
 */
export async function exportParticipantData(ctx: UserServiceContext, surveyId: number, tokenId: number) {
  requireSurveyRole(ctx.user, 'survey.tokens.export');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const [token] = await ctx.db.select().from(surveyTokens).where(and(eq(surveyTokens.id, tokenId), eq(surveyTokens.surveyId, surveyId)));
  if (!token) throw new AppError('NOT_FOUND', nl.notFound);
  const [responses] = await ctx.db.batch([
    ctx.db
      .select({ id: surveyResponses.responseId, submitted: surveyResponses.submitDate, language: surveyResponses.startLanguage, answers: surveyResponses.answers })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.token, token.token))),
    auditRow(ctx, { action: 'participant.export', resource: 'survey', resourceId: surveyId, companyId: survey.companyId, summary: `Alle gegevens van deelnemer ${tokenId} geëxporteerd op verzoek (inzage) uit ${survey.title} (${surveyId})` }),
  ]);
  return {
    filename: `deelnemer_${surveyId}_${tokenId}.json`,
    data: {
      generated_at: ctx.now.toISOString(),
      survey: { id: survey.id, title: survey.title },
      participant: {
        id: token.id,
        firstname: token.firstname,
        lastname: token.lastname,
        email: token.email,
        code: token.token,
        language: token.language,
        attributes: token.attributes,
        invited: token.sent,
        reminded: token.reminderSent,
        completed: token.completed,
      },
      responses: responses.map((r) => ({ id: r.id, submitted: r.submitted, language: r.language, answers: JSON.parse(r.answers) as Record<string, string> })),
    },
  };
}
