import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import type { ReportInput } from '../../../shared/validation/reports';
import { visibleProjects } from '../projects/scope';
import { notFound, requireReportRole } from './access';
import { createVariant } from './create-variant';
import { presentReport } from './present';
import { reportColumns } from './report-columns';

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** POST report: on a project the user may see; end_date defaults to today. With parent_report_id: a variant (create-variant.ts). */
export async function createReport(ctx: UserServiceContext, input: ReportInput) {
  requireReportRole(ctx.user, 'dashboard.create');
  if (input.parent_report_id !== undefined) return createVariant(ctx, { ...input, parent_report_id: input.parent_report_id });
  if (input.project_id === undefined) throw notFound();
  const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, input.project_id), visibleProjects(ctx.user)));
  if (!project) throw notFound();
  const [row] = await ctx.db
    .insert(reports)
    .values({ ...reportColumns(input), projectId: project.id, title: input.title, endDate: input.end_date ?? isoDay(ctx.now), createdBy: ctx.user.id })
    .returning();
  return presentReport(row!);
}
