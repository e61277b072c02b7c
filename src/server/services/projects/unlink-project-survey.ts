import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectSurveys, reportCharts, reportDataLocations, reports, reportSections } from '../../db/schema';
import { AppError } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import { findProject, notFound, requireProjectRole, touchProject } from './access';
import { surveyList } from './link-project-survey';
import { projectSurveysQuery } from './present';

/**
 * DELETE project/{id}/survey/{sid}: unlinks the survey. Refused (409) while a report of the
 * project still draws charts from it: those charts would lose their data.
 */
export async function unlinkProjectSurvey(ctx: UserServiceContext, projectId: number, surveyId: number) {
  requireProjectRole(ctx.user, 'project.edit');
  await findProject(ctx, projectId);
  const [linked, users] = await ctx.db.batch([
    ctx.db.select({ id: projectSurveys.surveyId }).from(projectSurveys).where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, surveyId))),
    ctx.db
      .selectDistinct({ title: reports.title })
      .from(reportDataLocations)
      .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
      .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
      .innerJoin(reports, eq(reports.id, reportSections.reportId))
      .where(and(eq(reportDataLocations.surveyId, surveyId), eq(reports.projectId, projectId), isNull(reports.deletedAt)))
      .orderBy(asc(reports.title)),
  ]);
  if (!linked.length) throw notFound();
  if (users.length) throw new AppError('CONFLICT', projectsNl.surveyInUse(users.map((u) => u.title)));
  const [, , rows] = await ctx.db.batch([
    ctx.db.delete(projectSurveys).where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, surveyId))),
    touchProject(ctx, projectId),
    projectSurveysQuery(ctx.db, ctx.user, projectId),
  ]);
  return surveyList(rows);
}
