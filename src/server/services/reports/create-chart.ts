import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportCharts } from '../../db/schema';
import type { ChartInput } from '../../../shared/validation/reports';
import { findSection, requireReportRole } from './access';
import { chartFields } from './chart-fields';
import { presentChart } from './present';

/** POST chart { section_id, chart_type_id, title, … }: new charts go last in their section. */
export async function createChart(ctx: UserServiceContext, input: ChartInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { section } = await findSection(ctx, input.section_id);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${reportCharts.order})` }).from(reportCharts).where(eq(reportCharts.sectionId, section.id));
  const values = { ...chartFields(input), sectionId: section.id, chartTypeId: input.chart_type_id, title: input.title, order: input.order ?? (max?.max ?? -1) + 1 };
  const [row] = await ctx.db.insert(reportCharts).values(values).returning();
  return presentChart(row!, []);
}
