import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyMaps, projects, reportChartMaps, reportDataLocations } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { mapsNl } from '../../../shared/i18n/maps';
import { CHART_TYPES } from '../../../shared/lookups';
import type { MapArea } from '../../../shared/maps';
import type { ChartMapInput } from '../../../shared/validation/maps';
import { readOne } from '../../db/reads';
import { catalogRowsRead } from '../report-data/load-filter-catalog';
import { findChart, requireReportRole } from '../reports/access';

const MAP_TYPE = CHART_TYPES.find((t) => t.key === 'map')!.id;
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

export interface ChartMapView {
  settings: { map_id: number; area_column_key: string | null; area_category_id: number | null; mapping: Record<string, string>; answer_code: string | null; class_method: 'equal' | 'quantile'; class_count: number } | null;
  /** The maps of the report's organisation to choose from, with their areas. */
  maps: { id: number; name: string; areas: MapArea[] }[];
  /** The survey of the chart's first dataset (its single-choice questions hold the areas). */
  survey_id: number | null;
  /** The filter categories the report offers on that survey (the other source of areas), with their options. */
  categories: { id: number; title: string; options: { id: number; label: string }[] }[];
}

/** The report's filter categories on the chart's survey, as its filter menu and the data call have them (exposed options only). */
async function offeredCategories(ctx: UserServiceContext, report: { id: number; projectId: number }, surveyId: number | null): Promise<ChartMapView['categories']> {
  if (surveyId === null) return [];
  const { categories, options } = (await readOne(ctx.db, catalogRowsRead(ctx.db, report, [surveyId])))(surveyId);
  return categories.map((c) => ({ id: c.id, title: c.title, options: options.filter((o) => o.categoryId === c.id).map((o) => ({ id: o.id, label: o.label })) }));
}

const firstSurvey = (ctx: UserServiceContext, chartId: number) =>
  ctx.db.select({ surveyId: reportDataLocations.surveyId }).from(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id)).limit(1);

async function mapChart(ctx: UserServiceContext, chartId: number) {
  const found = await findChart(ctx, chartId);
  if (found.chart.chartTypeId !== MAP_TYPE) throw invalid('chart_type_id', mapsNl.notMapChart);
  const [project] = await ctx.db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, found.report.projectId));
  if (!project) throw new AppError('NOT_FOUND', nl.notFound);
  return { ...found, companyId: project.companyId };
}

/** GET chart/{id}/map (dashboard.view): the chart's map settings and the maps of the report's organisation. */
export async function getChartMap(ctx: UserServiceContext, chartId: number): Promise<ChartMapView> {
  requireReportRole(ctx.user, 'dashboard.view');
  const { chart, report, companyId } = await mapChart(ctx, chartId);
  const [[row], maps, [first]] = await Promise.all([
    ctx.db.select().from(reportChartMaps).where(eq(reportChartMaps.chartId, chart.id)),
    ctx.db.select({ id: companyMaps.id, name: companyMaps.name, areas: companyMaps.areas }).from(companyMaps).where(eq(companyMaps.companyId, companyId)).orderBy(asc(companyMaps.name)),
    firstSurvey(ctx, chart.id),
  ]);
  return {
    settings: row ? { map_id: row.mapId, area_column_key: row.areaColumnKey, area_category_id: row.areaCategoryId, mapping: row.mapping, answer_code: row.answerCode, class_method: row.classMethod, class_count: row.classCount } : null,
    maps,
    survey_id: first?.surveyId ?? null,
    categories: await offeredCategories(ctx, report, first?.surveyId ?? null),
  };
}

/**
 * PUT chart/{id}/map (dashboard.edit): the map must be one of the report's organisation (another
 * organisation's map is a 422, as if it did not exist), mapped areas must be on it. A filter
 * category as the source of areas must be one the report offers on the chart's survey, and the
 * mapping's keys its options.
 */
export async function putChartMap(ctx: UserServiceContext, chartId: number, input: ChartMapInput): Promise<ChartMapView> {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { chart, report, companyId } = await mapChart(ctx, chartId);
  const [map] = await ctx.db.select({ id: companyMaps.id, areas: companyMaps.areas }).from(companyMaps).where(and(eq(companyMaps.id, input.map_id), eq(companyMaps.companyId, companyId)));
  if (!map) throw invalid('map_id', mapsNl.foreignMap);
  const codes = new Set(map.areas.map((a) => a.code));
  const stray = Object.values(input.mapping).find((c) => !codes.has(c));
  if (stray !== undefined) throw invalid('mapping', mapsNl.unknownArea(stray));
  const categoryId = input.area_category_id ?? null;
  if (categoryId !== null) {
    const [first] = await firstSurvey(ctx, chart.id);
    const category = (await offeredCategories(ctx, report, first?.surveyId ?? null)).find((c) => c.id === categoryId);
    if (!category) throw invalid('area_category_id', mapsNl.foreignCategory);
    const options = new Set(category.options.map((o) => String(o.id)));
    const foreign = Object.keys(input.mapping).find((k) => !options.has(k));
    if (foreign !== undefined) throw invalid('mapping', mapsNl.unknownOption(foreign));
  }
  const values = { mapId: map.id, areaColumnKey: categoryId === null ? (input.area_column_key ?? null) : null, areaCategoryId: categoryId, mapping: input.mapping, answerCode: input.answer_code ?? null, classMethod: input.class_method, classCount: input.class_count, updatedAt: ctx.now };
  await ctx.db
    .insert(reportChartMaps)
    .values({ chartId: chart.id, ...values, createdAt: ctx.now })
    .onConflictDoUpdate({ target: reportChartMaps.chartId, set: values });
  return getChartMap(ctx, chart.id);
}
