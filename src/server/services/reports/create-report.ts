import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import type { ReportInput } from '../../../shared/validation/reports';
import { visibleProjects } from '../projects/scope';
import { notFound, requireReportRole } from './access';
import { createVariant } from './create-variant';
import { presentReport } from './present';

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
    .values({
      projectId: project.id,
      title: input.title,
      startDate: input.start_date ?? null,
      endDate: input.end_date ?? isoDay(ctx.now),
      dateFilter: input.date_filter,
      benchmarkCount: input.benchmark_count,
      multipleFilters: input.multiple_filters ?? null,
      hideRiskyFilters: input.hide_risky_filters,
      hideEmptyFilters: input.hide_empty_filters,
      minN: input.min_n,
      languages: input.languages,
      pdfExport: input.pdf_export,
      directAccess: input.direct_access,
      statusId: input.status_id,
    })
    .returning();
  return presentReport(row!);
}
