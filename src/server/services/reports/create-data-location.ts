import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportDataLocations } from '../../db/schema';
import type { DataLocationInput } from '../../../shared/validation/reports';
import { checkColumn } from './check-column';
import { findChart, requireReportRole } from './access';
import { presentDataLocation } from './present';

/** POST dataLocation { chart_id, survey_id, column_key, … } */
export async function createDataLocation(ctx: UserServiceContext, input: DataLocationInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { report, chart } = await findChart(ctx, input.chart_id);
  await checkColumn(ctx, report.projectId, input.survey_id, input.column_key, input.n_method);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${reportDataLocations.order})` }).from(reportDataLocations).where(eq(reportDataLocations.chartId, chart.id));
  const [row] = await ctx.db
    .insert(reportDataLocations)
    .values({ chartId: chart.id, surveyId: input.survey_id, columnKey: input.column_key, label: input.label ?? null, nMethod: input.n_method, order: input.order ?? (max?.max ?? -1) + 1 })
    .returning();
  return presentDataLocation(row!);
}
