import type { BenchmarkCell, Stats } from '../../analytics';
import type { PdfChart, PdfSeries } from '../../pdf/model';
import { formatNumber } from '../../pdf/text';
import { CHART_SORTING_OPTIONS, CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS, GRANULARITY } from '../../../shared/lookups';
import { reportExportNl } from '../../../shared/i18n/report-export';
import type { ChartRow } from '../reports/access';
import type { ReportDataAnswer } from '../report-data/compute-report-data';
import { periodLabel } from './period-label';

/** One data location of the data answer; `question`/`labels` when the data endpoint provides them. */
export type LocationData = ReportDataAnswer['dataLocations'][number] & { question?: string; labels?: string[] };
type Drawable = PdfChart & { colors: string[] };

const MEAN_FORMATS = new Set(['mean', 'grade', 'median']);
const statsOf = (cell: BenchmarkCell | undefined): Stats | null => (cell && !cell.suppressed ? cell.stats : null);
export const locationName = (d: LocationData) => d.question || d.label || d.columnKey;
export const optionLabels = (d: LocationData) => d.codes.map((code, i) => d.labels?.[i] || code);

function optionValue(stats: Stats, i: number, format: string): number | null {
  const o = stats.options[i];
  if (!o) return null;
  return format === 'count' ? o.count : o.percentage;
}

/** Series per benchmark over categories; a suppressed benchmark keeps only its label. */
function seriesOf(labels: string[], pick: (b: number) => { values: (number | null)[]; n: number | null } | null): PdfSeries[] {
  return labels.map((label, b) => {
    const got = pick(b);
    return got ? { label, suppressed: false, ...got } : { label, suppressed: true, values: [], n: null };
  });
}

function sortCategories(chart: Extract<PdfChart, { type: 'bars' }>, sortKey: string): void {
  if (sortKey === 'original' || chart.categories.length < 2) return;
  const ref = chart.series.find((s) => !s.suppressed);
  const order = chart.categories.map((_, i) => i);
  const v = (i: number) => ref?.values[i] ?? -Infinity;
  if (sortKey === 'value-desc') order.sort((a, b) => v(b) - v(a));
  if (sortKey === 'value-asc') order.sort((a, b) => v(a) - v(b));
  if (sortKey === 'label-asc') order.sort((a, b) => chart.categories[a]!.localeCompare(chart.categories[b]!, 'nl'));
  if (sortKey === 'label-desc') order.sort((a, b) => chart.categories[b]!.localeCompare(chart.categories[a]!, 'nl'));
  chart.categories = order.map((i) => chart.categories[i]!);
  for (const s of chart.series) if (!s.suppressed) s.values = order.map((i) => s.values[i] ?? null);
}

function linesOf(title: string, area: boolean, locs: LocationData[], labels: string[], format: string, granularity: string): Extract<PdfChart, { type: 'lines' }> | null {
  const loc = locs[0];
  if (!loc || !loc.benchmarks.some((b) => b.buckets?.length)) return null;
  const starts = [...new Set(loc.benchmarks.flatMap((b) => b.buckets?.map((k) => k.startDay) ?? []))].sort((a, b) => a - b);
  const periods = starts.map((d) => periodLabel(d, granularity));
  const useMean = MEAN_FORMATS.has(format) || !loc.codes.length;
  const bucketStats = (b: number) => starts.map((d) => {
    const k = loc.benchmarks[b]?.buckets?.find((x) => x.startDay === d);
    return k && !k.suppressed ? k.stats : null;
  });
  if (!useMean && labels.length === 1 && !loc.benchmarks[0]!.suppressed) {
    // One benchmark: a line per answer option shows how the distribution moves.
    const stats = bucketStats(0);
    const series = optionLabels(loc).map((label, i) => ({ label, suppressed: false, values: stats.map((s) => (s ? optionValue(s, i, format) : null)), n: null }));
    return { type: 'lines', title, area, periods, series, unit: format === 'count' ? '' : '%', decimals: 0 };
  }
  const series = seriesOf(labels, (b) => {
    if (loc.benchmarks[b]?.suppressed) return null;
    const stats = bucketStats(b);
    return { values: stats.map((s) => (s ? (useMean ? s.mean : s.topBox) : null)), n: statsOf(loc.benchmarks[b])?.base ?? null };
  });
  return { type: 'lines', title, area, periods, series, unit: useMean ? '' : '%', decimals: useMean ? 1 : 0 };
}

/**
 * The drawable PDF chart of one report chart from its data locations: values by the data format,
 * categories sorted by the sorting option, colours of the colour scheme. Suppressed benchmarks and
 * buckets carry no numbers at all.
 */
export function buildPdfChart(chart: ChartRow, locs: LocationData[], benchmarkLabels: string[]): Drawable {
  const type = CHART_TYPES.find((t) => t.id === chart.chartTypeId)?.key ?? 'bar';
  const format = DATA_FORMATS.find((f) => f.id === chart.dataFormatId)?.key ?? 'percentage';
  const colors = [...(COLOR_SCHEMES.find((s) => s.id === chart.colorSchemeId) ?? COLOR_SCHEMES[0]).colors];
  const granularity = GRANULARITY.find((g) => g.id === chart.granularityId)?.key ?? 'none';
  const title = chart.title;
  const first = locs[0];
  if (!first) return { type: 'message', title, text: reportExportNl.noData, colors };
  const useMean = MEAN_FORMATS.has(format) || !first.codes.length;
  const unit = format === 'count' || useMean ? '' : '%';
  const decimals = useMean ? 1 : format === 'count' ? 0 : 1;
  const byBenchmark = (b: number) => locs.map((d) => statsOf(d.benchmarks[b]));

  if (type === 'line' || type === 'area') {
    const lines = linesOf(title, type === 'area', locs, benchmarkLabels, format, granularity === 'none' ? 'month' : granularity);
    if (lines) return { ...lines, colors };
  }
  if (type === 'stacked-bar' || type === 'stacked-bar-100') {
    const rows = locs.flatMap((d) =>
      benchmarkLabels.map((label, b) => {
        const s = statsOf(d.benchmarks[b]);
        const name = benchmarkLabels.length > 1 ? `${locationName(d)} · ${label}` : locationName(d);
        return s ? { label: name, suppressed: false, values: d.codes.map((_, i) => optionValue(s, i, format === 'count' ? 'count' : 'percentage')), n: s.base } : { label: name, suppressed: true, values: [], n: null };
      }),
    );
    return { type: 'stacked', title, segments: optionLabels(first), rows, unit, decimals, full: type === 'stacked-bar-100', colors };
  }
  if (type === 'pie' || type === 'donut') {
    const series = seriesOf(benchmarkLabels, (b) => {
      const s = statsOf(first.benchmarks[b]);
      return s ? { values: first.codes.map((_, i) => optionValue(s, i, 'percentage')), n: s.base } : null;
    });
    return { type: 'pie', title, donut: type === 'donut', categories: optionLabels(first), series, decimals: 0, colors };
  }
  if (type === 'table') {
    const cell = (s: Stats | null, i: number | null) => {
      if (!s) return null;
      if (i === null) return s.mean === null ? '–' : formatNumber(s.mean, 1);
      const o = s.options[i];
      if (!o) return '–';
      if (format === 'count') return formatNumber(o.count);
      const pct = o.percentage === null ? '–' : `${formatNumber(o.percentage, 1)}%`;
      return format === 'percentage-count' ? `${pct} (${formatNumber(o.count)})` : pct;
    };
    const rows = locs.flatMap((d) =>
      useMean || !d.codes.length
        ? [{ label: locationName(d), cells: benchmarkLabels.map((_, b) => cell(statsOf(d.benchmarks[b]), null)) }]
        : optionLabels(d).map((label, i) => ({ label: locs.length > 1 ? `${locationName(d)}: ${label}` : label, cells: benchmarkLabels.map((_, b) => cell(statsOf(d.benchmarks[b]), i)) })),
    );
    rows.push({ label: reportExportNl.respondents, cells: benchmarkLabels.map((_, b) => { const s = statsOf(first.benchmarks[b]); return s ? formatNumber(s.base) : null; }) });
    return { type: 'table', title, columns: benchmarkLabels, rows, colors };
  }
  if (type === 'kpi' || type === 'gauge' || type === 'net-promoter') {
    const items = benchmarkLabels.map((label, b) => {
      const s = statsOf(first.benchmarks[b]);
      if (!s) return { label, value: null, n: null };
      const value = type === 'net-promoter' && s.nps !== null ? formatNumber(s.nps, 0) : useMean ? (s.mean === null ? '–' : formatNumber(s.mean, 1)) : s.topBox !== null ? `${formatNumber(s.topBox, 0)}%` : formatNumber(s.base);
      return { label, value, n: s.base };
    });
    return { type: 'kpi', title, items, colors };
  }
  if (type === 'bar' || type === 'column' || type === 'line' || type === 'area') {
    const bars: Extract<PdfChart, { type: 'bars' }> = useMean
      ? { type: 'bars', title, orientation: type === 'bar' ? 'horizontal' : 'vertical', categories: locs.map(locationName), unit, decimals, series: seriesOf(benchmarkLabels, (b) => (first.benchmarks[b]?.suppressed ? null : { values: byBenchmark(b).map((s) => s?.mean ?? null), n: statsOf(first.benchmarks[b])?.base ?? null })) }
      : {
          type: 'bars', title, orientation: type === 'bar' ? 'horizontal' : 'vertical', unit, decimals,
          categories: locs.flatMap((d) => optionLabels(d).map((l) => (locs.length > 1 ? `${locationName(d)}: ${l}` : l))),
          series: seriesOf(benchmarkLabels, (b) => (locs.some((d) => d.benchmarks[b]?.suppressed) ? null : { values: locs.flatMap((d) => d.codes.map((_, i) => optionValue(statsOf(d.benchmarks[b])!, i, format))), n: statsOf(first.benchmarks[b])?.base ?? null })),
        };
    sortCategories(bars, CHART_SORTING_OPTIONS.find((o) => o.id === chart.sortingOptionId)?.key ?? 'original');
    return { ...bars, colors };
  }
  return { type: 'message', title, text: reportExportNl.unsupported, colors };
}
