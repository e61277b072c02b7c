import { reportExportNl } from '../../shared/i18n/report-export';
import { INK, MUTED, hex, textOn } from './colors';
import { colorAt, drawLegend, formatValue, legendHeight } from './chart-frame';
import type { PdfChart, PdfPaint } from './model';
import { drawPattern } from './patterns';
import { drawText, fitLines, widthOf } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Stacked = Extract<PdfChart, { type: 'stacked' }> & PdfPaint;

const LABEL_WIDTH = 170;
const legendItems = (chart: Stacked) => chart.segments.map((label, i) => ({ label, color: colorAt(chart.colors, i), pattern: chart.patterns?.[i] }));
const rowLines = (w: PdfWriter, row: Stacked['rows'][number], approximate?: boolean) => fitLines(row.n === null ? row.label : `${row.label} (${reportExportNl.n(row.n, approximate)})`, w.fonts.regular, 8, LABEL_WIDTH - 6);
const rowHeightOf = (lines: string[]) => Math.max(18, lines.length * 9.5 + 6);

/** The height of the legend plus the first bar, measured before placing them (they stay on one page). */
export function stackedHead(w: PdfWriter, chart: Stacked): number {
  const first = chart.rows[0];
  return Math.max(40, (chart.legend !== false ? legendHeight(w, legendItems(chart)) : 0) + (first ? rowHeightOf(rowLines(w, first, chart.approximate)) : 0));
}

/** One bar per row (data location × benchmark) split into segments (answer options). */
export function drawStacked(w: PdfWriter, chart: Stacked, minN: number): void {
  w.ensure(stackedHead(w, chart));
  if (chart.legend !== false) w.y -= drawLegend(w.page, w, legendItems(chart), w.y);
  const labelWidth = LABEL_WIDTH;
  const plotWidth = CONTENT_WIDTH - labelWidth - 10;
  const barHeight = 12;
  const max = chart.full ? 100 : chart.max && chart.max > 0 ? chart.max : Math.max(1, ...chart.rows.map((r) => r.values.reduce<number>((a, v) => a + (v ?? 0), 0)));
  for (const row of chart.rows) {
    // Long labels wrap onto two lines (the rule of the staff view and the public SVG); the row grows to hold them.
    const lines = rowLines(w, row, chart.approximate);
    const rowHeight = rowHeightOf(lines);
    w.ensure(rowHeight);
    const page = w.page;
    const y = w.y - rowHeight / 2 - barHeight / 2 + 1;
    lines.forEach((line, li) => drawText(page, line, { x: PAGE.margin, y: y + 4 + ((lines.length - 1) / 2 - li) * 9.5, size: 8, font: w.fonts.regular, color: INK }));
    if (row.suppressed) {
      drawText(page, reportExportNl.suppressed(minN), { x: PAGE.margin + labelWidth, y: y + 4, size: 8, font: w.fonts.regular, color: MUTED });
    } else {
      const total = chart.full ? row.values.reduce<number>((a, v) => a + (v ?? 0), 0) || 1 : max;
      let x = PAGE.margin + labelWidth;
      row.values.forEach((v, i) => {
        const width = Math.min(((v ?? 0) / (chart.full ? total : max)) * plotWidth, PAGE.margin + labelWidth + plotWidth - x);
        if (width <= 0) return;
        const color = colorAt(chart.colors, i);
        page.drawRectangle({ x, y, width, height: barHeight, color: hex(color) });
        drawPattern(page, chart.patterns?.[i], color, x, y, width, barHeight);
        const label = row.labels?.[i] ?? formatValue(chart.full ? ((v ?? 0) / total) * 100 : v, chart.full ? '%' : chart.unit, chart.decimals);
        if (chart.values !== false && widthOf(w.fonts.regular, label, 6.5) < width - 2) drawText(page, label, { x: x + 2, y: y + 3.5, size: 6.5, font: w.fonts.regular, color: textOn(color) });
        x += width;
      });
    }
    w.y -= rowHeight;
  }
  w.y -= 6;
}
