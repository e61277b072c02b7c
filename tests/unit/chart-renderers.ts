import { PDFDocument, PDFPage, StandardFonts } from 'pdf-lib';
import uPlot from 'uplot';
import { vi } from 'vitest';
import type { ChartSpec } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import { chartTableModel } from '../../src/shared/chart/table';
import { UPLOT_KINDS, uplotData, uplotOptions } from '../../src/islands/charts/uplot-options';
import { tipContent } from '../../src/islands/charts/tooltip';
import { drawChart } from '../../src/server/pdf/draw-chart';
import { PdfWriter } from '../../src/server/pdf/writer';
import { pdfChartFromSpec, pdfNote } from '../../src/server/services/export/pdf-chart';

/**
 * What each renderer really puts out for a chart spec, in one shape so a setting's effect can be
 * compared across them: the texts written, the legend entries, the category labels in drawing
 * order, the fills used, how many patterned fills, the value axis maximum and the notes.
 */
export interface Drawn {
  via: string;
  texts: string[];
  legend: string[];
  categories: string[];
  fills: string[];
  patterned: number;
  axisMax: number | null;
  /** Hover rows (staff only). */
  hover: string[];
  /** Stacked charts: cumulative segment tops per bar (staff: uPlot's data; else empty). */
  stackTops: (number | null)[][];
}

const PATTERN = { pattern: true } as unknown as CanvasPattern;

/** A canvas stand-in for the island's pattern tiles (node has no canvas): createPattern gives a marker. */
function withFakeDocument<T>(run: () => T): T {
  const ctx = new Proxy({}, { get: (_t, key) => (key === 'createPattern' ? () => PATTERN : () => undefined), set: () => true });
  const saved = (globalThis as { document?: unknown }).document;
  (globalThis as { document?: unknown }).document = { createElement: () => ({ width: 0, height: 0, getContext: () => ctx, toDataURL: () => 'data:image/png;base64,' }) };
  try {
    return run();
  } finally {
    (globalThis as { document?: unknown }).document = saved;
  }
}

/**
 * The staff view: the <Chart> island's uPlot options for bars, columns, stacked bars, lines and
 * areas — value labels taken from its draw hooks on a recording canvas, fills from the bars path
 * builder, hover rows from the tooltip. Pies, KPIs, gauges, NPS and word clouds are the same SVG as
 * the public page (Chart.tsx); tables and open answers the HTML table model.
 */
export function staff(spec: ChartSpec): Drawn {
  if (!UPLOT_KINDS.has(spec.kind) || spec.unfit) {
    if (spec.kind === 'table' || spec.kind === 'open-answers') {
      const t = chartTableModel(spec);
      return { ...publicSvg(spec), via: 'html table', texts: [...t.columns.map((c) => c.label), ...t.rows.flatMap((r) => [r.label, ...r.cells.map((c) => c.text)])], categories: t.rows.map((r) => r.label) };
    }
    return { ...publicSvg(spec), via: 'svg (as Chart.tsx draws this kind)' };
  }
  const builders: uPlot.Series.BarsPathBuilderOpts[] = [];
  const original = uPlot.paths.bars!;
  const spy = vi.spyOn(uPlot.paths, 'bars').mockImplementation((o) => {
    builders.push(o!);
    return original(o);
  });
  const opts = withFakeDocument(() => uplotOptions(spec, 600, 300));
  spy.mockRestore();
  const texts: string[] = [];
  const ctx = { save() {}, restore() {}, translate() {}, rotate() {}, fillRect() {}, measureText: (t: string) => ({ width: t.length * 6 }), fillText: (t: string) => texts.push(t) };
  const u = { ctx, valToPos: (v: number, axis: string) => (axis === 'x' ? 40 + v * 80 : 10 + v * 5), bbox: { left: 0, top: 0, width: 600, height: 300 }, width: 600 } as unknown as uPlot;
  for (const hook of [opts.hooks?.draw ?? []].flat()) hook?.(u);
  const categoryOf = opts.series[0]!.value as (u: unknown, v: number) => string;
  const fillOf = (f: unknown) => (f === PATTERN ? 'pattern' : String(f));
  const perCategory = builders.flatMap((b) => { const values = b.disp?.fill?.values; return values ? (values(u, 1, 0, spec.categories.length - 1) as unknown[]) : []; });
  const seriesFills = opts.series.slice(1).map((s) => s.fill ?? s.stroke);
  const fills = (perCategory.length ? perCategory : seriesFills).map(fillOf);
  const range = opts.scales!.y!.range as (u: unknown, lo: number, hi: number) => [number, number];
  const data = uplotData(spec);
  return {
    via: 'uplot',
    texts,
    legend: opts.legend?.show ? opts.series.slice(1).map((s) => String(s.label)) : [],
    categories: spec.categories.map((_, i) => categoryOf(null, i)),
    fills,
    patterned: fills.filter((f) => f === 'pattern').length,
    axisMax: range(null, 0, 40)[1],
    hover: spec.categories.flatMap((_, i) => tipContent(spec, i).rows.map((r) => `${r.label}: ${r.value}`)),
    stackTops: spec.kind.startsWith('stacked') ? (data.slice(1) as (number | null)[][]) : [],
  };
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The public page: the server SVG string (the same renderer at 640 px as on the page). */
export function publicSvg(spec: ChartSpec): Drawn {
  const svg = renderChartSvg(spec, { width: 640, height: 240 });
  const textsIn = (markup: string) => [...markup.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((m) => unescape(m[1]!.replace(/<title>[\s\S]*?<\/title>/g, '').replace(/<\/tspan><tspan[^>]*>/g, ' ').replace(/<[^>]+>/g, '')));
  const legendGroup = svg.match(/<g [^>]*aria-label="Legenda">([\s\S]*?)<\/g>/)?.[1] ?? '';
  const body = svg.replace(/<defs>[\s\S]*?<\/defs>/, '');
  const fills = [...body.matchAll(/<(?:rect|path|circle)[^>]*fill="([^"]+)"/g)].map((m) => (m[1]!.startsWith('url(') ? 'pattern' : m[1]!));
  const ticks = [...svg.matchAll(/text-anchor="end" dominant-baseline="middle"[^>]*fill="#6b7280">([^<]+)<\/text>/g)].map((m) => Number(m[1]!.replace('%', '').replace(/\./g, '').replace(',', '.')));
  return {
    via: 'svg',
    texts: textsIn(body.replace(/<g [^>]*aria-label="Legenda">[\s\S]*?<\/g>/, '')),
    legend: textsIn(legendGroup),
    categories: [],
    fills: fills.filter((f) => f !== 'none' && f !== '#f3f4f6'),
    patterned: (svg.match(/<pattern /g) ?? []).length,
    axisMax: ticks.length ? Math.max(...ticks) : null,
    hover: [],
    stackTops: [],
  };
}

const hexOf = (c: { red: number; green: number; blue: number } | undefined) => (c ? `#${[c.red, c.green, c.blue].map((x) => Math.round(x * 255).toString(16).padStart(2, '0')).join('')}` : '');

/**
 * The PDF: the chart drawn by the PDF renderer (draw-chart.ts) on a real pdf-lib page, from
 * pdfChartFromSpec and pdfNote as the export does; the drawing commands are recorded.
 */
export async function pdf(spec: ChartSpec): Promise<Drawn & { lines: number }> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const w = new PdfWriter(doc, fonts, { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' });
  const texts = vi.spyOn(PDFPage.prototype, 'drawText');
  const rects = vi.spyOn(PDFPage.prototype, 'drawRectangle');
  const lines = vi.spyOn(PDFPage.prototype, 'drawLine');
  try {
    drawChart(w, { ...pdfChartFromSpec(spec), note: pdfNote(spec) }, spec.minN ?? 10);
    const written = texts.mock.calls.map((c) => String(c[0]));
    const boxes = rects.mock.calls.map((c) => c[0]!);
    const legendBoxes = boxes.filter((b) => b.width === 8 && b.height === 8);
    const ticks = written.filter((t) => /^\d+(,\d+)?%?$/.test(t)).map((t) => Number(t.replace('%', '').replace(',', '.')));
    return {
      via: 'pdf',
      texts: written,
      legend: legendBoxes.length ? written.filter((t) => (spec.kind === 'pie' || spec.kind === 'donut' ? spec.categories : spec.series).some((x) => x.label === t)) : [],
      categories: written.filter((t) => spec.categories.some((c) => c.label === t)),
      fills: boxes.filter((b) => !(b.width === 8 && b.height === 8)).map((b) => hexOf(b.color as never)),
      patterned: 0,
      axisMax: ticks.length ? Math.max(...ticks) : null,
      hover: [],
      stackTops: [],
      lines: lines.mock.calls.length,
    };
  } finally {
    texts.mockRestore();
    rects.mockRestore();
    lines.mockRestore();
  }
}
