import { GRID, INK, MUTED, hex } from './colors';
import { colorAt, drawFootnotes, drawLegend, footnotes, formatValue, legendHeight, niceAxis } from './chart-frame';
import type { PdfChart, PdfPaint } from './model';
import { drawText, fitText } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Lines = Extract<PdfChart, { type: 'lines' }> & PdfPaint;

/** Lines (or areas) over time periods; gaps where a period has no value. */
const PLOT_HEIGHT = 150;
const shownOf = (chart: Lines) => chart.series.map((s, i) => ({ s, color: colorAt(chart.colors, i) })).filter((x) => !x.s.suppressed);
const legendItems = (chart: Lines) => shownOf(chart).map((x) => ({ label: x.s.label, color: x.color }));

/** The height of the legend plus the plot with its period labels, measured before placing them (one page). */
export const linesHead = (w: PdfWriter, chart: Lines): number => (chart.legend !== false ? legendHeight(w, legendItems(chart)) : 0) + PLOT_HEIGHT + 90;

export function drawLines(w: PdfWriter, chart: Lines, minN: number): void {
  const shown = shownOf(chart);
  const plotHeight = PLOT_HEIGHT;
  w.ensure(linesHead(w, chart));
  if (chart.legend !== false) w.y -= drawLegend(w.page, w, legendItems(chart), w.y);
  const page = w.page;
  const left = PAGE.margin + 30;
  const width = CONTENT_WIDTH - 40;
  const base = w.y - plotHeight - 8;
  const { max, step } = niceAxis(Math.max(chart.unit === '%' ? 10 : 1, ...shown.flatMap((x) => x.s.values.map((v) => v ?? 0))));
  for (let t = 0; t <= 4; t++) {
    const y = base + (plotHeight * t) / 4;
    page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 0.4, color: GRID });
    drawText(page, formatValue(step * t, chart.unit, step % 1 ? 1 : 0), { x: PAGE.margin, y: y - 3, size: 6.5, font: w.fonts.regular, color: MUTED });
  }
  const n = chart.periods.length;
  const xAt = (i: number) => left + (n <= 1 ? width / 2 : (i / (n - 1)) * width);
  const yAt = (v: number) => base + (Math.max(0, v) / max) * plotHeight;
  const every = Math.max(1, Math.ceil(n / 12));
  chart.periods.forEach((p, i) => {
    if (i % every) return;
    drawText(page, fitText(p, w.fonts.regular, 6.5, (width / n) * every + 4), { x: xAt(i) - 10, y: base - 10, size: 6.5, font: w.fonts.regular, color: INK });
  });
  // A period without any released number: a grey band (the lines break there, never bridged).
  const half = n <= 1 ? width / 2 : width / (n - 1) / 2;
  chart.periods.forEach((_, i) => {
    if (!shown.length || shown.some(({ s }) => s.values[i] !== null && s.values[i] !== undefined)) return;
    const x0 = Math.max(left, xAt(i) - half);
    page.drawRectangle({ x: x0, y: base, width: Math.min(left + width, xAt(i) + half) - x0, height: plotHeight, color: hex('#f3f4f6') });
  });
  for (const { s, color } of shown) {
    const points = s.values.map((v, i) => (v === null ? null : { x: xAt(i), y: yAt(v) }));
    // Areas of several series would cover each other: filled for one series only (as on screen).
    if (chart.area && shown.length === 1) {
      const run = points.filter((p): p is { x: number; y: number } => p !== null);
      if (run.length > 1) {
        const path = `M ${run[0]!.x - left} 0 ${run.map((p) => `L ${p.x - left} ${-(p.y - base)}`).join(' ')} L ${run.at(-1)!.x - left} 0 Z`;
        page.drawSvgPath(path, { x: left, y: base, color: hex(color), opacity: 0.25 });
      }
    }
    points.forEach((p, i) => {
      if (!p) return;
      const next = points[i + 1];
      if (next) page.drawLine({ start: p, end: next, thickness: 1.5, color: hex(color) });
      page.drawCircle({ x: p.x, y: p.y, size: 1.8, color: hex(color) });
    });
  }
  w.y = base - 20;
  drawFootnotes(w, footnotes(chart.series, minN, chart.approximate));
}
