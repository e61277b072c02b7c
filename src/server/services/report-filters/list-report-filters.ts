import type { UserServiceContext } from '../../context';
import { presentCategory, presentOption } from '../filters/present';
import { eq } from 'drizzle-orm';
import { readAll } from '../../db/reads';
import { reports } from '../../db/schema';
import { findReportRead, requireReportRole } from '../reports/access';
import { type CatalogRows, catalogRowsRead } from '../report-data/load-filter-catalog';
import { scopeSurveyIds } from '../report-data/resolve-scope';
import type { OptionRow } from '../filters/access';

export type ReportFilterCategory = ReturnType<typeof presentCategory> & { filterOptions: ReturnType<typeof presentOption>[] };

/**
 * GET report/{id}/filterOption → `{ attached, filterCategories }`: the categories of the benchmark
 * menu in order, each `{ id, project_id, survey_id, title, order, filterOptions: [{ id,
 * filter_category_id, filter_category_title, label, exposed, order }] }` (exposed options only).
 * `attached` is false when the report has no categories of its own and offers the project's
 * categories on its surveys.
 */
export async function listReportFilters(ctx: UserServiceContext, reportId: number): Promise<{ attached: boolean; filterCategories: ReportFilterCategory[] }> {
  requireReportRole(ctx.user, 'dashboard.view');
  // One round trip after the session check (issue 20): the report's project and surveys as subqueries.
  const projectId = ctx.db.select({ id: reports.projectId }).from(reports).where(eq(reports.id, reportId));
  const surveyIds = scopeSurveyIds(ctx.db, reportId, { kind: 'report' });
  const [, rowsOf] = await readAll(ctx.db, [findReportRead(ctx, reportId), catalogRowsRead(ctx.db, { id: reportId, projectId }, surveyIds)]);
  return menuOf(rowsOf());
}

/** The benchmark menu from the report's catalogue rows (all surveys: `catalogRowsRead(…)()`). */
export function menuOf({ attached, categories, options }: CatalogRows): { attached: boolean; filterCategories: ReportFilterCategory[] } {
  const byCat = new Map<number, OptionRow[]>();
  for (const o of options) (byCat.get(o.categoryId) ?? byCat.set(o.categoryId, []).get(o.categoryId)!).push(o);
  return {
    attached,
    filterCategories: categories.map((c) => ({ ...presentCategory(c), filterOptions: (byCat.get(c.id) ?? []).map((o) => presentOption(o, c)) })),
  };
}
