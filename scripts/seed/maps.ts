import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { companyMaps, reportChartMaps, reportCharts, reportDataLocations, reportSections, reports } from '../../src/server/db/schema';
import { readGeometry } from '../../src/server/maps/read-geometry';
import { simplifyAreas } from '../../src/server/maps/simplify-areas';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createSection } from '../../src/server/services/reports/create-section';
import { CHART_TYPES, DATA_FORMATS } from '../../src/shared/lookups';
import { autoMapping } from '../../src/shared/map-mapping';
import { zuiderhavenDistricts } from '../../tests/helpers/synthetic-map';
import { seedContext } from './context';
import { DISTRICTS } from './surveys-burgerpeiling';

export const DEMO_MAP_NAME = 'Wijken Zuiderhaven';
export const DEMO_MAP_CHART = 'Rapportcijfer per wijk';

/**
 * Zuiderhaven's six districts (W1–W6; synthetic shapes, not real geography) as the company's map,
 * processed like an upload, and the map chart 'Rapportcijfer per wijk' (mean grade per district)
 * in a section of its own at the end of the demo report — created after the other demo charts, so
 * their ids stay as they were.
 */
export async function seedMaps(db: Db, today = new Date()): Promise<void> {
  let [map] = await db.select().from(companyMaps).where(and(eq(companyMaps.companyId, 1), eq(companyMaps.name, DEMO_MAP_NAME)));
  if (!map) {
    const stored = simplifyAreas(readGeometry(JSON.stringify(zuiderhavenDistricts()), 'statcode', 'statnaam'));
    [map] = await db
      .insert(companyMaps)
      .values({ companyId: 1, name: DEMO_MAP_NAME, codeProperty: 'statcode', nameProperty: 'statnaam', areaCount: stored.areas.length, bbox: stored.bbox, areas: stored.areas, topology: stored.topology, createdAt: today, updatedAt: today })
      .returning();
  }
  const [report] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, 1));
  if (!report || !map) return;
  const [existing] = await db.select({ id: reportCharts.id }).from(reportCharts).innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId)).where(and(eq(reportSections.reportId, 1), eq(reportCharts.title, DEMO_MAP_CHART)));
  if (existing) return;
  const ctx = seedContext(db, today);
  const [first] = await db.select({ surveyId: reportDataLocations.surveyId }).from(reportDataLocations).where(eq(reportDataLocations.chartId, 1));
  if (!first) return;
  const section = await createSection(ctx, report.id, { title: 'Per wijk' });
  const chart = await createChart(ctx, { section_id: section.id, chart_type_id: CHART_TYPES.find((t) => t.key === 'map')!.id, title: DEMO_MAP_CHART, data_format_id: DATA_FORMATS.find((f) => f.key === 'mean')!.id, color_scheme_id: 1 });
  await createDataLocation(ctx, { chart_id: chart.id, survey_id: first.surveyId, column_key: 'rapportcijfer' });
  const mapping = autoMapping(DISTRICTS.map(([code, label]) => ({ code, label })), map.areas);
  await db.insert(reportChartMaps).values({ chartId: chart.id, mapId: map.id, areaColumnKey: 'wijk', mapping, classMethod: 'equal', classCount: 4, createdAt: today, updatedAt: today });
}
