import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportChartOptions } from '../../db/schema';

/**
 * The effective options per chart: the chart's own options object overlaid with its chart option
 * rows (chart/{id}/chartOption wins). For readers that load charts themselves (public report, PDF);
 * GET report/{id} and GET chart/{id} already answer with these in `options`.
 */
export async function effectiveOptions(db: Db, charts: { id: number; options: Record<string, unknown> }[]): Promise<Map<number, Record<string, unknown>>> {
  const rows = charts.length ? await db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, charts.map((c) => c.id))).orderBy(asc(reportChartOptions.key)) : [];
  return new Map(charts.map((c) => [c.id, { ...c.options, ...Object.fromEntries(rows.filter((r) => r.chartId === c.id).map((r) => [r.key, r.value])) }]));
}
