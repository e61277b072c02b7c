import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, projectSurveys, surveys } from '../../db/schema';
import { notFound, requireProjectRole, touchProject } from './access';
import { presentProjectSurvey, projectSurveysQuery, type ProjectSurveyRow } from './present';
import { visibleProjects } from './scope';

/** The surveys of a project as GET project/{id}/survey answers them, by display title. */
export const surveyList = (rows: ProjectSurveyRow[]) => rows.map(presentProjectSurvey).sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl'));

/**
 * PUT project/{id}/survey/{sid}: links a survey of the project's own organisation (idempotent).
 * A survey of another organisation is as absent as one that does not exist (404).
 */
export async function linkProjectSurvey(ctx: UserServiceContext, projectId: number, surveyId: number) {
  requireProjectRole(ctx.user, 'project.edit');
  const [found] = await ctx.db
    .select({ projectId: projects.id })
    .from(projects)
    .innerJoin(surveys, and(eq(surveys.companyId, projects.companyId), eq(surveys.id, surveyId), isNull(surveys.deletedAt)))
    .where(and(eq(projects.id, projectId), visibleProjects(ctx.user)));
  if (!found) throw notFound();
  const [, , rows] = await ctx.db.batch([
    ctx.db.insert(projectSurveys).values({ projectId, surveyId }).onConflictDoNothing(),
    touchProject(ctx, projectId),
    projectSurveysQuery(ctx.db, ctx.user, projectId),
  ]);
  return surveyList(rows);
}
