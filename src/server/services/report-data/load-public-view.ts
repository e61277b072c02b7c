import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { reportChartOptions, reportCharts, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { AppError } from '../../errors';
import { buildChartSpec } from '../../../shared/chart-spec';
import { reportWeightingNote } from '../../../shared/chart/weighting-note';
import { renderChartSvg } from '../../../shared/chart-svg';
import { renderMarkdown } from '../../../shared/markdown';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import { readOne } from '../../db/reads';
import { catalogRowsRead } from './load-filter-catalog';
import { type ReportDataAnswer, computeForScope } from './compute-report-data';
import { answerEtag } from './answer-cache';
import { edgeCached } from './edge-cache';
import { publicReportRead } from './public-report';
import type { ReportRow } from '../reports/access';
import { type ResolvedScope, scopeLocations, scopeSurveyIds } from './resolve-scope';
import { type PublicQuery, applyDateRule, publicBenchmarks } from './public-query';
import type { DateGranularity } from '../../../shared/date-periods';
import { type ReportWidget, widgetsOf } from '../../../shared/report-widgets';

export interface PublicChart {
  id: number;
  title: string;
  svg: string;
  /** The same chart laid out again for phones (≤ 560 px): text stays ≥ 11 px instead of shrinking. */
  svgNarrow: string;
  /** The margin of error line when the chart asks for it (chart option showMarginOfError). */
  note: string | null;
  before: string[];
  after: string[];
}
export interface PublicView {
  report: { id: number; title: string; startDate: string | null; endDate: string; minN: number; benchmarkCount?: number };
  /** The date choice the page offers: none (date filter off) or whole periods of `granularity` within `period`. */
  dates: { filter: boolean; granularity: DateGranularity; period: { start: string | null; end: string | null } };
  /** Whether unfinished responses count. */
  includeIncomplete: boolean;
  /** 'Gewogen naar …' when every chart with numbers is weighted, 'Deels gewogen …' when some are (weighting-note.ts). */
  weighting: string | null;
  /** The report's protection mode (cell-key mode: the page says counts are perturbed, once). */
  protection: 'suppress' | 'cellkey';
  lang: string;
  benchmarks: { label: string; start: string | null; end: string | null }[];
  compare: { category: string; options: { id: number; label: string }[] }[];
  sections: { id: number; title: string; before: string[]; after: string[]; widgets: ReportWidget[]; charts: PublicChart[] }[];
  /** Dutch message when the chosen comparison could not be computed (the page then shows all respondents). */
  error: string | null;
  /** Whether the edge cache answered (hit), was filled (miss) or is absent (none: Node, tests). */
  cache?: 'hit' | 'miss' | 'none';
  /** The page's ETag: the build and the view's cache key (report version, language, query), so a browser revalidates with one version query. */
  etag?: string;
  /** The organisation's websites that may embed the page (CSP frame-ancestors); read on every visit, never cached with the view. */
  embedDomains?: string[];
}

/** Each build renders differently (templates, asset URLs): a new deploy is a new ETag. */
const BUILD = import.meta.env.IMPULZ_BUILD ?? 'dev';

const CHART_SIZE = { width: 640, height: 220 };
/** The drawing width on a 360 px phone (page and card padding off): drawn at this width, nothing is scaled down. */
const NARROW_SIZE = { width: 290, height: 200 };
/** Its own ids (titles, patterns), since both layouts are in the page. */
const NARROW_ID = 1_000_000;

/**
 * Everything the public report page shows, rendered: charts as SVG strings, texts as sanitised
 * HTML. Cached at the edge per report version and query (edge-cache.ts), so a repeat visit costs
 * one version query.
 */
export async function loadPublicView(ctx: Pick<ServiceContext, 'db' | 'jobs'>, reportId: number, asked: PublicQuery, opts: { beforeCompute?: () => Promise<void> } = {}): Promise<PublicView> {
  const { report, version, embedDomains } = await readOne(ctx.db, publicReportRead(ctx.db, reportId));
  const query = applyDateRule(asked, report);
  // The report's first data language (default nl) is the page's language.
  const lang = report.languages.split(',')[0]?.trim() || 'nl';
  const key = `public-report/${report.id}/${encodeURIComponent(version)}/${lang}?van=${query.van ?? ''}&tot=${query.tot ?? ''}&vergelijk=${query.vergelijk.join(',')}`;
  // The isolate keeps the views it served (the key carries the version): a repeat visit skips the
  // edge cache's read and JSON parse too.
  // The websites allowed to embed are in the ETag: a changed list must reach a revalidating browser.
  const etag = answerEtag(`${BUILD}/${key}#${embedDomains.join(',')}`, 0);
  const memo = viewsOf(ctx.db);
  const seen = memo.get(key);
  if (seen) return { ...seen, cache: 'hit', etag, embedDomains };
  // Concurrent misses of one key share one computation (a new version under load would otherwise
  // compute the same view once per waiting visitor). When that one fails (e.g. its visitor was
  // throttled), each waiter computes for itself.
  const flights = flightsOf(ctx.db);
  const running = flights.get(key);
  if (running) {
    const shared = await running.catch(() => null);
    if (shared) return { ...shared, cache: 'hit', etag, embedDomains };
  }
  const flight = computeView(ctx, key, report, query, lang, opts);
  const shared = flight.then((r) => r.value);
  shared.catch(() => {}); // its failure is this caller's (below); waiters handle it themselves
  flights.set(key, shared);
  try {
    const { value, cache } = await flight;
    memo.set(key, value);
    if (memo.size > MAX_VIEWS) memo.delete(memo.keys().next().value!);
    return { ...value, cache, etag, embedDomains };
  } finally {
    if (flights.get(key) === shared) flights.delete(key);
  }
}

function computeView(ctx: Pick<ServiceContext, 'db' | 'jobs'>, key: string, report: ReportRow, query: PublicQuery, lang: string, opts: { beforeCompute?: () => Promise<void> }) {
  return edgeCached(key, async (): Promise<PublicView> => {
    // Only a cache miss costs real work: that is what the caller may throttle.
    await opts.beforeCompute?.();
    const [sections, compare] = await Promise.all([
      ctx.db.select().from(reportSections).where(eq(reportSections.reportId, report.id)).orderBy(asc(reportSections.order), asc(reportSections.id)),
      compareOptions(ctx, report),
    ]);
    const sectionIds = sections.map((s) => s.id);
    const charts = sectionIds.length ? await ctx.db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sectionIds)).orderBy(asc(reportCharts.order), asc(reportCharts.id)) : [];
    const chartIds = charts.map((c) => c.id);
    const [texts, chartOptions, dataLocations, widgetRows] = await Promise.all([
      ctx.db.select().from(reportTexts).where(eq(reportTexts.reportId, report.id)).orderBy(asc(reportTexts.id)),
      chartIds.length ? ctx.db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, chartIds)) : Promise.resolve([]),
      scopeLocations(ctx.db, report.id),
      ctx.db.select().from(reportWidgets).where(eq(reportWidgets.reportId, report.id)).orderBy(asc(reportWidgets.order), asc(reportWidgets.id)),
    ]);
    const known = new Set(compare.flatMap((c) => c.options.map((o) => o.id)));
    let benchmarks = publicBenchmarks(query, report, known, compare);
    let error: string | null = null;
    const compute = (b: ReportDataBody['benchmarks']) => computeForScope(ctx, { report, dataLocations }, lang, { benchmarks: b });
    let data;
    try {
      data = await compute(benchmarks);
    } catch (err) {
      if (!(err instanceof AppError) || benchmarks.length < 2) throw err;
      error = err.message;
      benchmarks = benchmarks.slice(0, 1);
      data = await compute(benchmarks);
    }
    const md = (rows: typeof texts) => rows.map((t) => renderMarkdown(t.body));
    const widgets = widgetsOf(widgetRows, data);
    return {
      report: { id: report.id, title: report.title, startDate: report.startDate, endDate: report.endDate, minN: data.minN, benchmarkCount: report.benchmarkCount },
      dates: { filter: report.dateFilter, granularity: report.dateGranularity, period: data.period },
      includeIncomplete: report.includeIncomplete,
      weighting: reportWeightingNote(data.weighting, data.dataLocations),
      protection: data.protection,
      lang,
      benchmarks: data.benchmarks.map((b) => ({ label: b.label, start: b.start, end: b.end })),
      compare,
      error,
      sections: sections.map((s) => ({
        id: s.id,
        title: s.title,
        before: md(texts.filter((t) => t.sectionId === s.id && t.position === 'before')),
        after: md(texts.filter((t) => t.sectionId === s.id && t.position === 'after')),
        widgets: widgets.filter((w) => w.sectionId === s.id),
        charts: charts
          .filter((c) => c.sectionId === s.id)
          .map((c) => {
            const spec = buildChartSpec({ ...c, chartOptions: chartOptions.filter((o) => o.chartId === c.id) }, data.dataLocations.filter((d) => d.chartId === c.id), { minN: data.minN, lang, weightedBy: data.weighting?.label, protection: data.protection });
            return {
              id: c.id,
              title: c.title,
              svg: renderChartSvg(spec, CHART_SIZE),
              svgNarrow: renderChartSvg({ ...spec, id: spec.id + NARROW_ID }, NARROW_SIZE),
              note: spec.marginNote ?? null,
              before: md(texts.filter((t) => t.chartId === c.id && t.position === 'before')),
              after: md(texts.filter((t) => t.chartId === c.id && t.position === 'after')),
            };
          }),
      })),
    };
  });
}

/** Rendered public views by edge-cache key (which carries the report version), per database (tests have several), a few per isolate. */
const views = new WeakMap<ServiceContext['db'], Map<string, PublicView>>();
const MAX_VIEWS = 32;
function viewsOf(db: ServiceContext['db']): Map<string, PublicView> {
  let memo = views.get(db);
  if (!memo) views.set(db, (memo = new Map()));
  return memo;
}

/** Views being computed, by the same key, per database. */
const inFlight = new WeakMap<ServiceContext['db'], Map<string, Promise<PublicView>>>();
function flightsOf(db: ServiceContext['db']): Map<string, Promise<PublicView>> {
  let flights = inFlight.get(db);
  if (!flights) inFlight.set(db, (flights = new Map()));
  return flights;
}

/** The report's filter options a visitor may compare with, per category (menu order). */
async function compareOptions(ctx: Pick<ServiceContext, 'db'>, report: { id: number; projectId: number }): Promise<PublicView['compare']> {
  // The same rows as the staff filter menu, in one round trip; there is no user on a public page.
  const { categories, options } = (await readOne(ctx.db, catalogRowsRead(ctx.db, report, scopeSurveyIds(ctx.db, report.id, { kind: 'report' }))))();
  return categories.map((c) => ({ category: c.title, options: options.filter((o) => o.categoryId === c.id).map((o) => ({ id: o.id, label: o.label })) })).filter((c) => c.options.length);
}
