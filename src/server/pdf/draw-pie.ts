import { INK, MUTED } from './colors';
import { colorAt, drawFootnotes, drawLegend, footnotes, footnotesHeight, formatValue, legendHeight, WHITE } from './chart-frame';
import { hex } from './colors';
import type { PdfChart, PdfPaint } from './model';
import { drawText, fitText, widthOf } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Pie = Extract<PdfChart, { type: 'pie' }> & PdfPaint;

/** SVG path of a wedge around (0,0) in SVG coordinates (y down), angles in radians from 12 o'clock. */
function wedge(r: number, from: number, to: number): string {
  const p = (a: number) => `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
  if (to - from >= 2 * Math.PI - 1e-6) return `M 0 ${-r} A ${r} ${r} 0 1 1 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} Z`;
  return `M 0 0 L ${p(from)} A ${r} ${r} 0 ${to - from > Math.PI ? 1 : 0} 1 ${p(to)} Z`;
}

const PER_ROW = 3;
const R = 55;
const legendItems = (chart: Pie) => chart.categories.map((label, i) => ({ label, color: colorAt(chart.colors, i) }));

/**
 * The height of a pie chart's first block — its legend, the first row of pies and, when that is
 * the only row, the n under it — measured before anything is placed, so the legend never stays
 * behind on the page before its drawing.
 */
export function pieHead(w: PdfWriter, chart: Pie, minN: number): number {
  const rows = Math.ceil(chart.series.filter((s) => !s.suppressed).length / PER_ROW);
  const legend = chart.legend !== false ? legendHeight(w, legendItems(chart)) : 0;
  return legend + 2 * R + 40 + (rows <= 1 ? footnotesHeight(w, footnotes(chart.series, minN, chart.approximate)) : 0);
}

/** One pie (or donut) per unsuppressed benchmark, side by side, with a shared legend. */
export function drawPies(w: PdfWriter, chart: Pie, minN: number): void {
  const shown = chart.series.filter((s) => !s.suppressed);
  w.ensure(pieHead(w, chart, minN));
  if (chart.legend !== false) w.y -= drawLegend(w.page, w, legendItems(chart), w.y);
  const perRow = PER_ROW;
  const cell = CONTENT_WIDTH / perRow;
  const r = R;
  for (let start = 0; start < shown.length; start += perRow) {
    w.ensure(2 * r + 40);
    const page = w.page;
    shown.slice(start, start + perRow).forEach((s, k) => {
      const cx = PAGE.margin + k * cell + cell / 2;
      const cy = w.y - 14 - r;
      drawText(page, fitText(s.label, w.fonts.bold, 8, cell - 10), { x: cx - r, y: w.y - 9, size: 8, font: w.fonts.bold, color: INK });
      const total = s.values.reduce<number>((a, v) => a + Math.max(0, v ?? 0), 0);
      let angle = 0;
      s.values.forEach((v, i) => {
        if (!total || !v || v <= 0) return;
        const sweep = (v / total) * 2 * Math.PI;
        page.drawSvgPath(wedge(r, angle, angle + sweep), { x: cx, y: cy, color: hex(colorAt(chart.colors, i)), borderColor: WHITE, borderWidth: 0.6 });
        const mid = angle + sweep / 2;
        const label = formatValue(v, '%', chart.decimals);
        if (chart.values !== false && sweep > 0.3) drawText(page, label, { x: cx + (r + 6) * Math.sin(mid) - (Math.sin(mid) < 0 ? widthOf(w.fonts.regular, label, 6.5) : 0), y: cy + (r + 6) * Math.cos(mid) - 2, size: 6.5, font: w.fonts.regular, color: MUTED });
        angle += sweep;
      });
      if (chart.donut) page.drawCircle({ x: cx, y: cy, size: r * 0.55, color: WHITE });
    });
    w.y -= 2 * r + 34;
  }
  drawFootnotes(w, footnotes(chart.series, minN, chart.approximate));
}
