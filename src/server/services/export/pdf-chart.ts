import { type ChartSpec, formatCell, legendKind, shortValueText, sigMark, stackedAxisMax, valueText } from '../../../shared/chart-spec';
import type { PdfChart, PdfPaint, PdfSeries } from '../../pdf/model';
import { chartTableModel } from '../../../shared/chart/table';
import { chartsNl } from '../../../shared/i18n/charts';

type Drawable = PdfChart & PdfPaint;

/**
 * The PDF drawing of a chart spec (src/shared/chart-spec.ts, the model the dashboard and the
 * public report draw too): same numbers, order and colours. A suppressed series or stacked bar
 * arrives here without numbers and leaves without them.
 */
export function pdfChartFromSpec(spec: ChartSpec): Drawable {
  const drawable = drawableOf(spec);
  return { ...drawable, legend: legendKind(spec) !== 'none', values: spec.showValues !== false, ...(spec.approximate ? { approximate: true } : {}) };
}

function drawableOf(spec: ChartSpec): Drawable {
  const title = spec.title;
  const labels = spec.categories.map((c) => c.label);
  const seriesColors = spec.series.map((s) => s.color);
  const patterns = spec.usePatterns ? spec.series.map((s) => s.pattern) : undefined;
  const categoryColors = spec.categories.map((c, i) => c.color ?? seriesColors[i % Math.max(1, seriesColors.length)] ?? '#1f4e79');
  // n is written (footnote, KPI line) only where the chart's 'Toon n' says so, as on screen and on the public page.
  const nOf = (n: number | null) => (spec.showN ? n : null);
  const labelsOf = (s: ChartSpec['series'][number], k: number) => s.values.map((v, ci) => valueText(spec, v, s.counts?.[ci], sigMark(spec, k, ci)));
  const series: PdfSeries[] = spec.series.map((s, k) =>
    s.suppressed !== null ? { label: s.label, suppressed: true, values: [], n: null } : { label: s.label, suppressed: false, values: s.values, n: nOf(s.n), marks: spec.significant?.[k] ?? undefined, labels: labelsOf(s, k), shortLabels: s.values.map((v, ci) => shortValueText(spec, v, sigMark(spec, k, ci))) },
  );
  // One series coloured per answer (colour scheme over the categories), as the staff view and the public page draw it.
  const perCategory = spec.colorBy === 'category' ? { categoryColors, ...(spec.usePatterns ? { categoryPatterns: spec.categories.map((c) => c.pattern ?? null) } : {}) } : {};
  const open = spec.series.filter((s) => s.suppressed === null);
  if (spec.unfit) return { type: 'message', title, text: spec.unfit, colors: seriesColors };
  switch (spec.kind) {
    case 'bar':
    case 'column':
      return { type: 'bars', title, orientation: spec.kind === 'bar' ? 'horizontal' : 'vertical', categories: labels, series, unit: spec.unit, decimals: spec.decimals, max: spec.range.max, colors: seriesColors, patterns, ...perCategory };
    case 'line':
    case 'area':
      if (spec.timeAxis) return { type: 'lines', title, area: spec.kind === 'area', periods: labels, series, unit: spec.unit, decimals: spec.decimals, colors: seriesColors };
      return { type: 'bars', title, orientation: 'vertical', categories: labels, series, unit: spec.unit, decimals: spec.decimals, max: spec.range.max, colors: seriesColors, patterns, ...perCategory };
    case 'stacked-bar':
    case 'stacked-bar-100': {
      const rows = spec.categories.map((c, ci) =>
        c.suppressed
          ? { label: c.label, suppressed: true, values: [], n: null }
          : { label: c.label, suppressed: false, values: spec.series.map((s) => s.values[ci] ?? null), n: null, labels: spec.series.map((s, k) => valueText(spec, s.values[ci] ?? null, s.counts?.[ci], sigMark(spec, k, ci))) },
      );
      return { type: 'stacked', title, segments: spec.series.map((s) => s.label), rows, unit: spec.unit, decimals: spec.decimals, full: spec.kind === 'stacked-bar-100', max: stackedAxisMax(spec), colors: seriesColors, patterns };
    }
    case 'map':
      return { type: 'map', title, spec, colors: seriesColors };
    case 'pie':
    case 'donut':
      return { type: 'pie', title, donut: spec.kind === 'donut', categories: labels, series, decimals: spec.decimals, colors: categoryColors };
    case 'kpi':
    case 'gauge':
    case 'net-promoter': {
      const many = spec.categories.length > 1;
      const items = spec.categories.flatMap((c, ci) =>
        spec.series.map((s) => ({
          label: many ? `${c.label} · ${s.label}` : s.label,
          value: s.suppressed !== null ? null : formatCell(spec, s.values[ci] ?? null),
          n: s.suppressed !== null ? null : nOf(s.n),
        })),
      );
      return { type: 'kpi', title, items, colors: seriesColors };
    }
    default: {
      // Tables, open answers and word clouds: one row per category, one column per benchmark.
      const rows = spec.categories.map((c, ci) => ({ label: c.label, cells: spec.series.map((s) => (s.suppressed !== null ? null : formatCell(spec, s.values[ci] ?? null, s.counts?.[ci]))) }));
      if (!rows.length && !open.length) return { type: 'message', title, text: '', colors: seriesColors };
      return { type: 'table', title, columns: spec.series.map((s) => s.label), rows, colors: seriesColors };
    }
  }
}

/**
 * The chart's Dutch notes as the staff view and the public page show them (trend focus, gaps,
 * margin, significance, …), less the suppressed groups' lines that the PDF writes itself.
 */
export function pdfNote(spec: ChartSpec): string | null {
  const own = [...spec.series.filter((s) => s.suppressed).map((s) => s.label), ...spec.categories.filter((c) => c.suppressed).map((c) => c.label)];
  return spec.notes.filter((n) => !own.some((label) => n.startsWith(`${label}: `))).join(' ') || null;
}

/**
 * The chart in words, for screen readers (the tagged PDF's Figure /Alt): its title, then per
 * benchmark each answer with the value the chart shows; a suppressed group is named, not numbered.
 */
export function chartAlt(spec: ChartSpec): string {
  if (spec.unfit) return `${spec.title}: ${spec.unfit}`;
  const table = chartTableModel(spec);
  const parts = table.columns.map((col, k) =>
    col.suppressed ? `${col.label}: ${chartsNl.suppressed.toLowerCase()}` : `${col.label}: ${table.rows.map((r) => `${r.label} ${r.cells[k]?.text ?? ''}`.trim()).join(', ')}`,
  );
  return [spec.title, ...parts].filter(Boolean).join('. ') + '.';
}
