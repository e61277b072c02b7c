import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, projectSurveys, surveyGroups, surveyLanguages, surveyQuestions, surveyResponses, surveyTokens } from '../../db/schema';
import { marginOfError } from './accuracy';
import { canEditSurvey, displayTitle } from './present';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/** GET survey/{id}/admin: settings, counts, accuracy and linked projects for the edit screen. */
export async function getSurveyAdmin(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit', 'survey.upload']);
  const s = await findVisibleSurvey(ctx, surveyId);
  const n = (q: Promise<{ n: number }[]>) => q.then((r) => r[0]?.n ?? 0);
  const [languages, groups, questions, tokens, tokensCompleted, responses, completed, linked] = await Promise.all([
    ctx.db.select().from(surveyLanguages).where(eq(surveyLanguages.surveyId, surveyId)).orderBy(sql`rowid`),
    n(ctx.db.select({ n: count() }).from(surveyGroups).where(eq(surveyGroups.surveyId, surveyId))),
    n(ctx.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, surveyId), isNull(surveyQuestions.parentId)))),
    n(ctx.db.select({ n: count() }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId))),
    n(ctx.db.select({ n: count() }).from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), ne(surveyTokens.completed, 'N')))),
    n(ctx.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId))),
    n(ctx.db.select({ n: count() }).from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), isNotNull(surveyResponses.submitDate)))),
    ctx.db.select({ id: projects.id, title: projects.title }).from(projectSurveys).innerJoin(projects, eq(projects.id, projectSurveys.projectId)).where(eq(projectSurveys.surveyId, surveyId)),
  ]);
  const ordered = [s.baseLanguage, ...languages.map((l) => l.language).filter((l) => l !== s.baseLanguage)];
  return {
    id: s.id, sid: s.lsSid, title: s.title, displayTitle: displayTitle(s), editable: canEditSurvey(ctx.user), company_id: s.companyId,
    languages: ordered, base_language: s.baseLanguage, anonymized: s.anonymized, datestamp: s.datestamp, use_tokens: s.useTokens,
    token_length: s.tokenLength, attribute_descriptions: s.attributeDescriptions, hasTokens: tokens > 0,
    counts: { groups, questions, tokens, tokens_completed: tokensCompleted, responses, responses_completed: completed },
    accuracy: {
      population_size: s.populationSize, confidence_level: s.confidenceLevel,
      margin_of_error: marginOfError(completed, s.populationSize, s.confidenceLevel),
    },
    projects: linked, responses_version: s.responsesVersion, updated_at: s.updatedAt.toISOString(),
    language_settings: languages.map((l) => ({ language: l.language, title: l.title, description: l.description, url: l.url })),
  };
}
