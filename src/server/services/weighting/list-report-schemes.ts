import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectSurveys, surveys, weightingSchemes } from '../../db/schema';
import { requireReportRole } from '../reports/access';

export interface ReportSchemeChoice {
  id: number;
  name: string;
  survey: string;
  start_date: string | null;
  end_date: string | null;
}

/**
 * The schemes a report of this project may choose under 'Weging' (report editor): those of the
 * project's surveys. The caller has checked the report (and so the project) is the user's;
 * PUT report/{id} still refuses a scheme whose range does not hold the report period.
 */
export async function listReportSchemes(ctx: UserServiceContext, projectId: number): Promise<ReportSchemeChoice[]> {
  requireReportRole(ctx.user, 'dashboard.edit');
  const rows = await ctx.db
    .select({ id: weightingSchemes.id, name: weightingSchemes.name, survey: surveys.title, start: weightingSchemes.startDate, end: weightingSchemes.endDate })
    .from(weightingSchemes)
    .innerJoin(projectSurveys, and(eq(projectSurveys.surveyId, weightingSchemes.surveyId), eq(projectSurveys.projectId, projectId)))
    .innerJoin(surveys, and(eq(surveys.id, weightingSchemes.surveyId), isNull(surveys.deletedAt)))
    .orderBy(asc(surveys.title), asc(weightingSchemes.name));
  return rows.map((r) => ({ id: r.id, name: r.name, survey: r.survey, start_date: r.start, end_date: r.end }));
}
