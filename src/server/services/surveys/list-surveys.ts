import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, surveys, users } from '../../db/schema';
import { canEditSurvey, displayTitle } from './present';
import { requireSurveyRole, visibleSurveys } from './scope';

export type SurveyListVariant = 'own' | 'all' | 'light';

/**
 * GET survey/index-items[/all|/light]. index-items: the surveys of the user's own company;
 * /all: every survey the user may see (root users: all companies); /light: id, title, tokens and
 * languages only, for the survey pickers. One query: company and owner joined, tokens, responses
 * and languages as correlated subqueries.
 */
export async function listSurveys(ctx: UserServiceContext, variant: SurveyListVariant) {
  requireSurveyRole(ctx.user, ['survey.access', 'survey.view']);
  const own = variant === 'own' && ctx.user.companyId !== null ? eq(surveys.companyId, ctx.user.companyId) : undefined;
  const rows = await ctx.db
    .select({
      id: surveys.id, title: surveys.title, lsSid: surveys.lsSid, companyId: surveys.companyId, baseLanguage: surveys.baseLanguage,
      updatedAt: surveys.updatedAt, company: companies.name, owner: users.fullname,
      // Written out in full: Drizzle renders columns unqualified inside a select list.
      hasTokens: sql<number>`exists(select 1 from survey_tokens t where t.survey_id = "surveys"."id")`,
      hasResponses: sql<number>`exists(select 1 from survey_responses r where r.survey_id = "surveys"."id")`,
      // rowid order = the order of the file's language list (base language first).
      languages: sql<string>`(select group_concat(l, ' ') from (select sl.language as l from survey_languages sl where sl.survey_id = "surveys"."id" order by sl.rowid))`,
    })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.companyId))
    .leftJoin(users, eq(users.id, surveys.ownerId))
    .where(and(visibleSurveys(ctx.user), own))
    .orderBy(asc(surveys.title), asc(surveys.id));
  const editable = canEditSurvey(ctx.user);
  return rows
    .map((r) => {
      const languages = [r.baseLanguage, ...(r.languages ?? '').split(' ').filter((l) => l && l !== r.baseLanguage)];
      const base = { id: r.id, displayTitle: displayTitle(r), hasTokens: Boolean(r.hasTokens), languages };
      if (variant === 'light') return base;
      return {
        ...base, title: r.title, sid: r.lsSid, company_id: r.companyId, company: r.company, owner: r.owner ?? null,
        hasResponses: Boolean(r.hasResponses), editable, updated_at: r.updatedAt.toISOString(),
      };
    })
    .sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl'));
}
