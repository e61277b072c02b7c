import { chartsNl } from '../../shared/i18n/charts';
import { reportExportNl } from '../../shared/i18n/report-export';
import { GRID, INK, MUTED, hex, textOn } from './colors';
import type { PdfChart } from './model';
import { drawText, fitText } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Table = Extract<PdfChart, { type: 'table' }> & { colors: string[]; approximate?: boolean };
type Kpi = Extract<PdfChart, { type: 'kpi' }> & { colors: string[]; approximate?: boolean };

/** A table: first column the row label, then one column per benchmark; null cell = suppressed. */
export function drawTable(w: PdfWriter, chart: Table, minN: number): void {
  const labelWidth = Math.min(200, CONTENT_WIDTH * 0.4);
  const colWidth = (CONTENT_WIDTH - labelWidth) / Math.max(1, chart.columns.length);
  const rowHeight = 15;
  const header = () => {
    w.ensure(rowHeight * 2);
    const fill = w.theme.primary;
    w.page.drawRectangle({ x: PAGE.margin, y: w.y - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: hex(fill) });
    // Tagged as the table's header row (TR of TH) on every page it repeats on.
    w.tags.group('TR', () => {
      w.tags.mark('TH', () => undefined);
      chart.columns.forEach((c, i) =>
        w.tags.mark('TH', () => drawText(w.page, fitText(c, w.fonts.bold, 8, colWidth - 6), { x: PAGE.margin + labelWidth + i * colWidth + 3, y: w.y - rowHeight + 4, size: 8, font: w.fonts.bold, color: textOn(fill) })),
      );
    });
    w.y -= rowHeight;
  };
  header();
  for (const row of chart.rows) {
    if (w.y - rowHeight < PAGE.margin + 20) {
      w.newPage();
      header();
    }
    const page = w.page;
    w.tags.group('TR', () => {
      w.tags.mark('TH', () => drawText(page, fitText(row.label, w.fonts.regular, 8, labelWidth - 6), { x: PAGE.margin + 3, y: w.y - rowHeight + 4, size: 8, font: w.fonts.regular, color: INK }));
      row.cells.forEach((cell, i) => {
        const text = cell ?? reportExportNl.suppressed(minN);
        w.tags.mark('TD', () => drawText(page, fitText(text, w.fonts.regular, cell === null ? 6.5 : 8, colWidth - 6), { x: PAGE.margin + labelWidth + i * colWidth + 3, y: w.y - rowHeight + 4, size: cell === null ? 6.5 : 8, font: w.fonts.regular, color: cell === null ? MUTED : INK }));
      });
    });
    page.drawLine({ start: { x: PAGE.margin, y: w.y - rowHeight }, end: { x: PAGE.margin + CONTENT_WIDTH, y: w.y - rowHeight }, thickness: 0.4, color: GRID });
    w.y -= rowHeight;
  }
  w.y -= 6;
  // Cell-key mode: the table's counts are perturbed; say so under it (as the screen table's caption does).
  if (chart.approximate) w.text(chartsNl.table.approximate, { size: 7.5, color: MUTED });
}

/** Key figures: one tile per benchmark with the big number and its n. */
export function drawKpi(w: PdfWriter, chart: Kpi, minN: number): void {
  const perRow = Math.min(4, Math.max(1, chart.items.length));
  const gap = 10;
  const tile = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
  const height = 62;
  for (let start = 0; start < chart.items.length; start += perRow) {
    w.ensure(height + 8);
    chart.items.slice(start, start + perRow).forEach((item, k) => {
      const x = PAGE.margin + k * (tile + gap);
      const y = w.y - height;
      const color = chart.colors[(start + k) % chart.colors.length] ?? w.theme.primary;
      w.page.drawRectangle({ x, y, width: tile, height, borderColor: hex(color), borderWidth: 1.2 });
      drawText(w.page, fitText(item.label, w.fonts.regular, 8, tile - 10), { x: x + 6, y: y + height - 13, size: 8, font: w.fonts.regular, color: MUTED });
      if (item.value === null) {
        drawText(w.page, fitText(reportExportNl.suppressed(minN), w.fonts.regular, 7.5, tile - 10), { x: x + 6, y: y + 26, size: 7.5, font: w.fonts.regular, color: MUTED });
      } else {
        drawText(w.page, fitText(item.value, w.fonts.bold, 22, tile - 10), { x: x + 6, y: y + 22, size: 22, font: w.fonts.bold, color: hex(color) });
        if (item.n !== null) drawText(w.page, reportExportNl.n(item.n, chart.approximate), { x: x + 6, y: y + 8, size: 7, font: w.fonts.regular, color: MUTED });
      }
    });
    w.y -= height + 8;
  }
}
