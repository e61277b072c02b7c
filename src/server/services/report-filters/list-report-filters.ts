import type { UserServiceContext } from '../../context';
import { presentCategory, presentOption } from '../filters/present';
import { findReport, requireReportRole } from '../reports/access';
import { exposedOptions, reportCategories } from './catalog';
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
  const report = await findReport(ctx, reportId);
  const { attached, categories } = await reportCategories(ctx, report);
  const options = await exposedOptions(ctx, categories.map((c) => c.id));
  const byCat = new Map<number, OptionRow[]>();
  for (const o of options) (byCat.get(o.categoryId) ?? byCat.set(o.categoryId, []).get(o.categoryId)!).push(o);
  return {
    attached,
    filterCategories: categories.map((c) => ({ ...presentCategory(c), filterOptions: (byCat.get(c.id) ?? []).map((o) => presentOption(o, c)) })),
  };
}
