import { reportExportNl } from '../../shared/i18n/report-export';
import { INK, MUTED, hex, textOn } from './colors';
import { colorAt, drawLegend, formatValue } from './chart-frame';
import type { PdfChart, PdfPaint } from './model';
import { drawPattern } from './patterns';
import { fitLines } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Stacked = Extract<PdfChart, { type: 'stacked' }> & PdfPaint;

/** One bar per row (data location × benchmark) split into segments (answer options). */
export function drawStacked(w: PdfWriter, chart: Stacked, minN: number): void {
  w.ensure(40);
  if (chart.legend !== false) w.y -= drawLegend(w.page, w, chart.segments.map((label, i) => ({ label, color: colorAt(chart.colors, i), pattern: chart.patterns?.[i] })), w.y);
  const labelWidth = 170;
  const plotWidth = CONTENT_WIDTH - labelWidth - 10;
  const barHeight = 12;
  const max = chart.full ? 100 : chart.max && chart.max > 0 ? chart.max : Math.max(1, ...chart.rows.map((r) => r.values.reduce<number>((a, v) => a + (v ?? 0), 0)));
  for (const row of chart.rows) {
    const label = row.n === null ? row.label : `${row.label} (${reportExportNl.n(row.n)})`;
    // Long labels wrap onto two lines (the rule of the staff view and the public SVG); the row grows to hold them.
    const lines = fitLines(label, w.fonts.regular, 8, labelWidth - 6);
    const rowHeight = Math.max(18, lines.length * 9.5 + 6);
    w.ensure(rowHeight);
    const page = w.page;
    const y = w.y - rowHeight / 2 - barHeight / 2 + 1;
    lines.forEach((line, li) => page.drawText(line, { x: PAGE.margin, y: y + 4 + ((lines.length - 1) / 2 - li) * 9.5, size: 8, font: w.fonts.regular, color: INK }));
    if (row.suppressed) {
      page.drawText(reportExportNl.suppressed(minN), { x: PAGE.margin + labelWidth, y: y + 4, size: 8, font: w.fonts.regular, color: MUTED });
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
        if (chart.values !== false && w.fonts.regular.widthOfTextAtSize(label, 6.5) < width - 2) page.drawText(label, { x: x + 2, y: y + 3.5, size: 6.5, font: w.fonts.regular, color: textOn(color) });
        x += width;
      });
    }
    w.y -= rowHeight;
  }
  w.y -= 6;
}
