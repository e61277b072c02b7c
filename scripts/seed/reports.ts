import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { reportBookmarks, reportCharts, reportDataLocations, reports, reportSections, surveys } from '../../src/server/db/schema';
import { CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS, GRANULARITY } from '../../src/shared/lookups';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

const chartType = (key: (typeof CHART_TYPES)[number]['key']) => CHART_TYPES.find((t) => t.key === key)!.id;
const format = (key: (typeof DATA_FORMATS)[number]['key']) => DATA_FORMATS.find((f) => f.key === key)!.id;
const months = GRANULARITY.find((g) => g.key === 'month')!.id;
const likertColours = COLOR_SCHEMES.find((s) => s.name === 'Oneens - eens (5 punten)')!.id;

/** Sections, charts and their data locations (column keys of the burgerpeiling's cube). */
const SECTIONS = [
  {
    title: 'Wonen in de buurt',
    charts: [
      { title: 'Tevredenheid over de buurt', type: 'stacked-bar-100', format: 'percentage', colours: likertColours, columns: ['buurt_SQ001', 'buurt_SQ002', 'buurt_SQ003', 'buurt_SQ004'] },
      { title: 'Rapportcijfer voor de buurt', type: 'kpi', format: 'mean', columns: ['rapportcijfer'] },
      { title: 'Problemen in de buurt', type: 'bar', format: 'percentage', columns: ['problemen'] },
    ],
  },
  {
    title: 'Gemeente en dienstverlening',
    charts: [
      { title: 'Tevredenheid over de dienstverlening', type: 'bar', format: 'percentage', colours: likertColours, columns: ['tevredengemeente'] },
      { title: 'Tevredenheid door de tijd', type: 'line', format: 'percentage', granularity: months, columns: ['tevredengemeente'] },
      { title: 'Contactkanalen', type: 'column', format: 'percentage-count', columns: ['kanaal'] },
    ],
  },
] as const satisfies readonly { title: string; charts: readonly { title: string; type: (typeof CHART_TYPES)[number]['key']; format: (typeof DATA_FORMATS)[number]['key']; colours?: number; granularity?: number; columns: readonly string[] }[] }[];

/**
 * The demo report "Burgerpeiling Zuiderhaven 2026" on project 1 with min_n 10: 2 sections, 6 charts
 * with data locations on the demo survey, one bookmark. Fixed ids from 1 (report 1, section 1,
 * chart 1, dataLocation 1, bookmark 1 belong to company 1), inserts skip existing rows.
 */
export async function seedReports(db: Db, today = new Date()): Promise<void> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const year = today.getUTCFullYear();
  const sections: (typeof reportSections.$inferInsert)[] = [];
  const charts: (typeof reportCharts.$inferInsert)[] = [];
  const locations: (typeof reportDataLocations.$inferInsert)[] = [];
  SECTIONS.forEach((s, si) => {
    sections.push({ id: si + 1, reportId: 1, title: s.title, order: si });
    s.charts.forEach((c, ci) => {
      const id = charts.length + 1;
      charts.push({
        id,
        sectionId: si + 1,
        chartTypeId: chartType(c.type),
        title: c.title,
        order: ci,
        dataFormatId: format(c.format),
        colorSchemeId: 'colours' in c ? c.colours : 1,
        granularityId: 'granularity' in c ? c.granularity : 0,
      });
      c.columns.forEach((columnKey, di) => locations.push({ id: locations.length + 1, chartId: id, surveyId: survey.id, columnKey, order: di }));
    });
  });
  const benchmarks = [
    { label: 'A', start: null, end: null, filterCategories: { 1: [1] } },
    { label: 'B', start: null, end: null, filterCategories: { 1: [4] } },
  ];
  await db.batch([
    db
      .insert(reports)
      .values({ id: 1, projectId: 1, title: 'Burgerpeiling Zuiderhaven 2026', startDate: `${year}-01-01`, endDate: `${year}-12-31`, benchmarkCount: 3, minN: 10, languages: 'nl', pdfExport: true, statusId: 3, hideRiskyFilters: true })
      .onConflictDoNothing(),
    db.insert(reportSections).values(sections).onConflictDoNothing(),
    db.insert(reportCharts).values(charts).onConflictDoNothing(),
    db.insert(reportDataLocations).values(locations).onConflictDoNothing(),
    db.insert(reportBookmarks).values({ id: 1, reportId: 1, name: 'Jong en oud', queryString: JSON.stringify(benchmarks) }).onConflictDoNothing(),
  ]);
}
