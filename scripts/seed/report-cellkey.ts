import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { reportFilterCategories, reports, surveys } from '../../src/server/db/schema';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createReport } from '../../src/server/services/reports/create-report';
import { createSection } from '../../src/server/services/reports/create-section';
import { createText } from '../../src/server/services/reports/create-text';
import { ReportInput } from '../../src/shared/validation/reports';
import { TextInput } from '../../src/shared/validation/reports-parts';
import { SECTIONS, chartType, format, seedContext, status } from './reports';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

export const CELLKEY_REPORT_TITLE = 'Burgerpeiling Zuiderhaven 2026 – licht afgerond';

const INTRO =
  'Dezelfde burgerpeiling als de rapportage met exacte aantallen, maar met celsleutelbescherming: elk aantal krijgt een vaste kleine afwijking (hoogstens 3), zodat veel meer groepen en maanden zichtbaar blijven. Kies zelf de periode in hele maanden.';

/**
 * Issue 32 demo: a second published, public report on the burgerpeiling in cell-key mode
 * (protection `cellkey`, docs/perturbation.md) with the date filter on (month), beside report 1
 * (exact numbers, fixed period), so the difference can be seen. The charts of report 1 without its
 * map, and the same filter categories. Created last (the highest report id, so the ids of the
 * other demo rows stay); skipped when it exists.
 */
export async function seedCellKeyReport(db: Db, today = new Date()): Promise<void> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const [existing] = await db.select({ id: reports.id }).from(reports).where(and(eq(reports.projectId, 1), eq(reports.title, CELLKEY_REPORT_TITLE)));
  if (existing) return;
  const ctx = seedContext(db, today);
  const year = today.getUTCFullYear();
  const report = await createReport(
    ctx,
    ReportInput.parse({
      project_id: 1,
      title: CELLKEY_REPORT_TITLE,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      benchmark_count: 3,
      min_n: 10,
      languages: 'nl',
      pdf_export: true,
      direct_access: true,
      status_id: status('published'),
      hide_risky_filters: true,
      date_filter: true,
      date_granularity: 'month',
      protection: 'cellkey',
    }),
  );
  for (const s of SECTIONS) {
    const section = await createSection(ctx, report.id, { title: s.title });
    for (const c of s.charts) {
      const chart = await createChart(ctx, {
        section_id: section.id,
        chart_type_id: chartType(c.type),
        title: c.title,
        data_format_id: format(c.format),
        color_scheme_id: 'colours' in c ? c.colours : 1,
        granularity_id: 'granularity' in c ? c.granularity : 0,
      });
      for (const columnKey of c.columns) await createDataLocation(ctx, { chart_id: chart.id, survey_id: survey.id, column_key: columnKey });
    }
    if (s === SECTIONS[0]) await createText(ctx, TextInput.parse({ section_id: section.id, position: 'before', body: INTRO }));
  }
  const categories = await db.select({ categoryId: reportFilterCategories.categoryId, order: reportFilterCategories.order }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, 1));
  if (categories.length) await db.insert(reportFilterCategories).values(categories.map((c) => ({ reportId: report.id, categoryId: c.categoryId, order: c.order })));
}
