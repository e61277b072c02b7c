import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import type { ReportInput } from '../../../shared/validation/reports';
import { findReport } from './access';
import { copyTreeStatements } from './copy-tree';
import { presentReport } from './present';
import { settingsOver } from './report-columns';

/**
 * POST report with parent_report_id: a variant (sub-report) of a main report. It starts as a deep
 * copy of the parent's content and filter categories (copy-tree.ts) and takes the parent's settings
 * except those in the body, so it can differ in period, min_n, benchmarks and filters. From then on
 * it is independent; only one level deep. The caller checked the role.
 */
export async function createVariant(ctx: UserServiceContext, input: ReportInput & { parent_report_id: number }) {
  const parent = await findReport(ctx, input.parent_report_id);
  if (parent.parentReportId !== null) throw new AppError('VALIDATION', nl.validation, { parent_report_id: [reportsNl.variantOfVariant] });
  if (input.project_id !== undefined && input.project_id !== parent.projectId) throw new AppError('VALIDATION', nl.validation, { project_id: [reportsNl.variantProject] });
  const values = {
    ...settingsOver(parent, input),
    projectId: parent.projectId,
    parentReportId: parent.id,
    title: input.title,
    statusId: input.status_id ?? 1,
  };
  if (values.startDate && values.startDate > values.endDate) throw new AppError('VALIDATION', nl.validation, { end_date: [reportsNl.dateOrder] });
  const { reportId, statements } = await copyTreeStatements(ctx, parent.id, values);
  await ctx.db.batch(statements);
  return presentReport(await findReport(ctx, reportId));
}
