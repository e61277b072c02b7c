import { type Accuracy, AnalyticsError, type BenchmarkInput, type Cube, type DataLocationResult, type FilterCategory, type Granularity, computeReportData, dayFromIso, findOptions, isoFromDay } from '../../analytics';
import type { ServiceContext, UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { CHART_TYPES, GRANULARITY, KPIS } from '../../../shared/lookups';
import { type ReportDataBody, reportDataNl } from '../../../shared/validation/report-data';
import { loadCube } from '../analytics/load-cube';
import { findReport, findReportRead, notFound, requireReportRole } from '../reports/access';
import { type Entry, answerEtag, answerKey, generationRead, reportAnswers } from './answer-cache';
import { eq, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Read, combine, readAll, readOne } from '../../db/reads';
import { reports, weightingSchemes } from '../../db/schema';
import { type ColumnTexts, type SurveyTexts, columnTextsRead } from './column-texts';
import { filterCatalogRead } from './load-filter-catalog';
import { computeMapAreas, mapDrawings } from './map-areas';
import type { MapAnswer } from '../../../shared/chart/types';
import { type NamingCatalog, displayNames } from '../../../shared/benchmark-names';
import { refuseOtherDates, reportScope } from './report-rules';
import { type ReportWeighting, presentWeighting, readerNames, schemeNamesRead, schemeRead, weightsFor, withSchemeSurvey } from './report-weighting';
import type { VariableNames } from '../weighting/variable-names';
import { type ReportDataScope, type ResolvedScope, scopeRead, scopeSurveyIds } from './resolve-scope';

const ENGINE_MESSAGES: Record<AnalyticsError['code'], string> = {
  UNKNOWN_COLUMN: reportDataNl.unknownColumn,
  BAD_CONDITION: reportDataNl.badCondition,
  BAD_INPUT: reportDataNl.filterCombination,
  BAD_CUBE: reportDataNl.failed,
};

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });
const day = (iso: string | null | undefined) => (iso ? dayFromIso(iso) : null);

export interface ReportDataAnswer {
  /** The benchmarks with the range really used (the report period, or snapped to whole periods). */
  benchmarks: { label: string; start: string | null; end: string | null; filterOptions: number[] }[];
  /** The range a benchmark without dates covers: the report period (snapped to whole periods with the date filter on). */
  period: { start: string | null; end: string | null };
  /** The report's minimum group size (for the 'Te weinig respondenten (minder dan …)' text). */
  minN: number;
  /** The report's protection mode: `cellkey` = counts perturbed (the page, PDF and exports say so once). */
  protection: 'suppress' | 'cellkey';
  /** Whether unfinished responses count (report setting; the period widget and PDF cover say so). */
  includeIncomplete: boolean;
  /** Per survey id: the accuracy settings behind every margin of error in this answer. */
  accuracy: Record<number, { populationSize: number | null; confidenceLevel: number }>;
  /**
   * The weighting scheme the numbers follow (report setting weighting_id), or null when no number of
   * this answer follows one (no scheme, or no data location of the scheme's survey). `label`: 'Gewogen naar …'.
   */
  weighting: ReportWeighting | null;
  /**
   * Per data location, with its question (and subquestion) text and option labels (parallel to codes)
   * in {lang}; `weighted`: its numbers follow the scheme (its survey is the scheme's), so its chart says 'Gewogen naar …'.
   */
  dataLocations: (DataLocationResult & { chartId: number; sectionId: number; surveyId: number; label: string | null; question: string; subquestion: string | null; labels: string[]; confidenceLevel: number; weighted: boolean; map?: MapAnswer })[];
}

const NPS_CHART = CHART_TYPES.find((t) => t.key === 'net-promoter')!.id;
const NPS_KPI = KPIS.find((k) => k.key === 'nps')!.id;

/**
 * Chart data of a report (or one section, chart or data location) with the benchmarks side by
 * side: per survey of the scope its cube and filter catalogue, the report's min_n,
 * multiple_filters and dates as defaults. Engine refusals become a Dutch 422.
 */
export async function computeReportDataFor(ctx: UserServiceContext, reportId: number, lang: string, scope: ReportDataScope, body: ReportDataBody): Promise<ReportDataAnswer> {
  return (await readAndCompute(ctx, reportId, lang, scope, body)).answer;
}

/**
 * The staff data call's response body (`{"data":…}`, UTF-8) and ETag, from the isolate's answer
 * cache when the data generation is unchanged (answer-cache.ts); `known` is the generation the
 * session check read in its round trip (null without one). At most 2 round trips with the session
 * check in every case:
 * - cached, `known` equal to the entry's generation: the access check alone (1 statement);
 * - `known` given but different, or nothing cached: the full batch (access, inputs, generation);
 * - cached, `known` null (e.g. a personal access token): access check and generation, and the full
 *   batch only when the generation moved (then 3).
 * The access check runs on every call: a user taken off the report gets 404, cached or not.
 */
export async function reportDataBody(ctx: UserServiceContext, reportId: number, lang: string, scope: ReportDataScope, body: ReportDataBody, known: number | null, access: { reportId: number; visible: boolean } | null = null): Promise<Entry> {
  requireReportRole(ctx.user, 'dashboard.view');
  // The session check answered findReport's question in its own statement: a report the user may
  // not see is a 404 without another round trip, a cached answer costs no more.
  const checked = access?.reportId === reportId ? access.visible : null;
  if (checked === false) throw notFound();
  const key = answerKey(reportId, scope, lang, body);
  const cache = reportAnswers(ctx.db);
  const cached = cache.get(key);
  if (cached && known === cached.generation) {
    if (!checked) await findReport(ctx, reportId);
    return cached;
  }
  if (cached && known === null) {
    const [, generation] = await readAll(ctx.db, [findReportRead(ctx, reportId), generationRead(ctx.db)]);
    if (generation === cached.generation) return cached;
  }
  const { answer, generation } = await readAndCompute(ctx, reportId, lang, scope, body);
  const entry: Entry = { generation: generation ?? -1, body: new TextEncoder().encode(`{"data":${JSON.stringify(answer)}}`), etag: answerEtag(key, generation ?? -1) };
  if (generation !== null) cache.set(key, entry);
  return entry;
}

async function readAndCompute(ctx: UserServiceContext, reportId: number, lang: string, scope: ReportDataScope, body: ReportDataBody): Promise<{ answer: ReportDataAnswer; generation: number | null }> {
  requireReportRole(ctx.user, 'dashboard.view');
  // One round trip after the session check (issue 20): the report, the scope and every survey
  // input in one batch — the survey ids and the project id as subqueries, not read first. Nothing
  // read for a report the user may not see leaves this function (scopeRead throws 404 first).
  // The data generation comes from the same batch (one transaction), so it belongs to these rows.
  const surveyIds = scopeSurveyIds(ctx.db, reportId, scope);
  const projectId = ctx.db.select({ id: reports.projectId }).from(reports).where(eq(reports.id, reportId));
  const [resolved, inputs, generation] = await readAll(ctx.db, [scopeRead(ctx, reportId, scope), inputsRead(ctx.db, reportId, projectId, surveyIds, lang), generationRead(ctx.db)]);
  return { answer: await computeForScope(ctx, resolved, lang, body, inputs), generation };
}

/** What a data call reads per survey besides the cube: column texts (with the responses version) and the filter catalogue. */
export interface SurveyInputs {
  texts: Map<number, SurveyTexts>;
  catalog(surveyId: number, cube: Cube): FilterCategory[];
  /** The report's weighting scheme (weighting_id), null when it has none. */
  scheme: typeof weightingSchemes.$inferSelect | null;
  /** What names the scheme's variables besides its survey's texts (`texts` holds that survey too). */
  schemeNames: VariableNames;
}

/** The scheme and the names of its variables in the same batch; `texts` also of the scheme's survey. */
export function schemeInputsRead(db: Db, reportId: number) {
  return combine(schemeRead(db, reportId), schemeNamesRead(db, reportId), (scheme, schemeNames) => ({ scheme, schemeNames }));
}

function inputsRead(db: Db, reportId: number, projectId: number | SQLWrapper, surveyIds: number[] | SQLWrapper, lang: string): Read<SurveyInputs> {
  const texts = combine(columnTextsRead(db, withSchemeSurvey(db, reportId, surveyIds), lang), filterCatalogRead(db, { id: reportId, projectId }, surveyIds), (texts, catalog) => ({ texts, catalog }));
  return combine(texts, schemeInputsRead(db, reportId), (t, scheme) => ({ ...t, ...scheme }));
}

/**
 * The computation behind the staff and the public data calls, once the report and its data
 * locations are known (and the caller may see them). Only `db` and the file store are used.
 */
export async function computeForScope(ctx: Pick<ServiceContext, 'db' | 'jobs'>, { report, dataLocations }: ResolvedScope, lang: string, body: ReportDataBody, preloaded?: SurveyInputs): Promise<ReportDataAnswer> {
  if (!report.languages.split(',').map((l) => l.trim()).includes(lang)) throw new AppError('NOT_FOUND', nl.notFound);
  if (body.benchmarks.length > report.benchmarkCount) throw invalid('benchmarks', reportDataNl.tooManyBenchmarks(report.benchmarkCount));
  refuseOtherDates(report, body.benchmarks, 'benchmarks');
  const benchmarks: BenchmarkInput[] = body.benchmarks.map((b, i) => ({
    label: b.label || String.fromCharCode(65 + (i % 26)),
    start: day(b.start),
    end: day(b.end),
    filterOptionIds: [...new Set(b.filterOptions ?? [])],
  }));
  const reportInput = reportScope(report);

  const results = new Map<number, DataLocationResult>();
  const drawings = await mapDrawings(ctx.db, dataLocations.flatMap((d) => (d.map ? [d.map] : [])));
  const maps = new Map<number, MapAnswer>();
  const texts = new Map<number, Map<string, ColumnTexts>>();
  let effective: { startDay: number; endDay: number }[] | null = null;
  let period: { startDay: number; endDay: number } | null = null;
  const surveyIds = [...new Set(dataLocations.map((d) => d.surveyId))];
  const accuracy = new Map<number, Accuracy>();
  // The surveys whose numbers the scheme weighed (its own; weightsFor gives other surveys none).
  const weighted = new Set<number>();
  // The filter categories' option labels, for naming benchmarks without a label of their own.
  const naming = new Map<number, NamingCatalog>();
  // Every survey's texts and catalogue in one batch (the staff call has them from its own batch).
  const inputs = preloaded ?? (surveyIds.length ? await readOne(ctx.db, inputsRead(ctx.db, report.id, report.projectId, surveyIds, lang)) : null);
  for (const surveyId of surveyIds) {
    const columnTexts = inputs?.texts.get(surveyId);
    if (!columnTexts) throw new AppError('NOT_FOUND', nl.notFound); // a deleted survey, as loadCube says
    // The version read with the texts keys the cube: a warm cube costs no round trip.
    const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId, columnTexts.responsesVersion);
    texts.set(surveyId, columnTexts.texts);
    accuracy.set(surveyId, columnTexts.accuracy);
    const filters = inputs!.catalog(surveyId, cube);
    for (const c of filters) naming.set(c.id, { options: [...(naming.get(c.id)?.options ?? []), ...c.options.map((o) => ({ id: o.id, label: o.label ?? '' }))] });
    // The report's scheme weighs the data locations of its own survey (report-weighting.ts).
    const weights = weightsFor(cube, inputs!.scheme, readerNames(inputs!.schemeNames, columnTexts.texts));
    if (weights) weighted.add(surveyId);
    const known = findOptions(filters);
    for (const b of benchmarks) if (b.filterOptionIds.some((id) => !known.has(id))) throw invalid('benchmarks', reportDataNl.foreignFilterOption);
    // A granularity in the body (sent only when above 0) applies to every chart; otherwise each
    // trend chart gets its own, so one call answers a report of mixed charts.
    const byGranularity = new Map<number, typeof dataLocations>();
    for (const d of dataLocations) {
      if (d.surveyId !== surveyId) continue;
      const g = body.granularity || d.granularityId;
      byGranularity.set(g, [...(byGranularity.get(g) ?? []), d]);
    }
    for (const [granularityId, locations] of byGranularity) {
      const g = GRANULARITY.find((l) => l.id === granularityId)?.key ?? 'none';
      try {
        const data = computeReportData(cube, {
          dataLocations: locations.map((d) => ({ id: d.id, columnKey: d.columnKey, nMethod: d.nMethod, nps: d.chartTypeId === NPS_CHART || d.kpiId === NPS_KPI })),
          benchmarks,
          filters,
          report: reportInput,
          accuracy: accuracy.get(surveyId),
          weights,
          granularity: g === 'none' ? null : (g as Granularity),
          granularityStartDay: day(body.granularityStartDate),
        });
        for (const r of data.dataLocations) results.set(Number(r.id), r);
        effective ??= data.benchmarks;
        period ??= data.period;
        for (const d of locations) {
          const drawing = d.map ? drawings.get(d.map.mapKey) : undefined;
          if (!d.map || !drawing) continue;
          const areaTexts = columnTexts.texts.get(d.map.areaColumnKey ?? '');
          maps.set(d.id, computeMapAreas(cube, { id: d.id, columnKey: d.columnKey, nMethod: d.nMethod }, d.map, drawing, { benchmarks, filters, report: reportInput, accuracy: accuracy.get(surveyId), weights }, (code) => areaTexts?.labels.get(code) || code));
        }
      } catch (err) {
        if (err instanceof AnalyticsError) throw invalid('benchmarks', ENGINE_MESSAGES[err.code]);
        throw err;
      }
    }
  }
  // A benchmark over filter options of no survey in scope (e.g. an empty chart) is refused as well.
  if (!surveyIds.length && benchmarks.some((b) => b.filterOptionIds.length)) throw invalid('benchmarks', reportDataNl.foreignFilterOption);

  const iso = (d: number | null | undefined) => (d === null || d === undefined ? null : isoFromDay(d));
  // Named as the panel and the legends name them ('18 t/m 34 jaar', 'Noord + Vrouw'), never a letter:
  // the assistant, the PDF and the CSV read these labels.
  const names = displayNames(benchmarks.map((b, i) => ({ label: body.benchmarks[i]!.label ?? '', filterOptions: b.filterOptionIds })), [...naming.values()]);
  return {
    benchmarks: benchmarks.map((b, i) => ({
      label: names[i]!,
      start: iso(effective?.[i]?.startDay ?? b.start ?? reportInput.startDay),
      end: iso(effective?.[i]?.endDay ?? b.end ?? reportInput.endDay),
      filterOptions: b.filterOptionIds,
    })),
    period: { start: iso(period?.startDay ?? reportInput.startDay), end: iso(period?.endDay ?? reportInput.endDay) },
    minN: reportInput.minN,
    protection: reportInput.protection ?? 'suppress',
    includeIncomplete: report.includeIncomplete,
    weighting: inputs?.scheme && weighted.size ? presentWeighting(inputs.scheme, inputs.schemeNames, inputs.texts.get(inputs.scheme.surveyId)?.texts) : null,
    accuracy: Object.fromEntries([...accuracy].map(([id, a]) => [id, { populationSize: a.populationSize ?? null, confidenceLevel: a.confidenceLevel ?? 95 }])),
    dataLocations: dataLocations.map((d) => {
      const r = results.get(d.id)!;
      const t = texts.get(d.surveyId)?.get(r.columnKey);
      const labels = r.codes.map((code) => t?.labels.get(code) || code);
      const confidenceLevel = accuracy.get(d.surveyId)?.confidenceLevel ?? 95;
      const map = maps.get(d.id);
      return { ...r, benchmarks: r.benchmarks.map((c, i) => ({ ...c, label: names[i] ?? c.label })), chartId: d.chartId, sectionId: d.sectionId, surveyId: d.surveyId, label: d.label, question: t?.question ?? r.columnKey, subquestion: t?.subquestion ?? null, labels, confidenceLevel, weighted: weighted.has(d.surveyId), ...(map ? { map } : {}) };
    }),
  };
}
