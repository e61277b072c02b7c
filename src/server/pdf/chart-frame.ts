import { type PDFPage, rgb } from 'pdf-lib';
import { reportExportNl } from '../../shared/i18n/report-export';
import { INK, MUTED, hex } from './colors';
import type { PdfSeries } from './model';
import { drawPattern } from './patterns';
import { drawText, fitText, formatNumber, widthOf, wrapText } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

/** Colour i of a scheme; loopable schemes simply repeat. */
export const colorAt = (colors: string[], i: number) => colors[i % Math.max(1, colors.length)] ?? '#1f4e79';

export function formatValue(value: number | null, unit: string, decimals: number): string {
  if (value === null) return '–';
  return `${formatNumber(value, decimals)}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;
}

type LegendItem = { label: string; color: string; pattern?: string | null };
const LEGEND_SIZE = 8;

/** Where each legend entry goes (rows of coloured squares with labels, wrapping at the content width) and the height used. */
function legendLayout(w: PdfWriter, items: LegendItem[], top: number): { placed: { item: LegendItem; label: string; x: number; y: number }[]; height: number } {
  let x = PAGE.margin;
  let y = top - 10;
  const placed = items.map((item) => {
    const label = fitText(item.label, w.fonts.regular, LEGEND_SIZE, 160);
    const width = 12 + widthOf(w.fonts.regular, label, LEGEND_SIZE) + 14;
    if (x + width > PAGE.margin + CONTENT_WIDTH) {
      x = PAGE.margin;
      y -= 13;
    }
    const at = { item, label, x, y };
    x += width;
    return at;
  });
  return { placed, height: top - y + 8 };
}

/** The height a legend of these entries takes, measured before anything is placed (a chart keeps its legend and drawing on one page). */
export const legendHeight = (w: PdfWriter, items: LegendItem[]): number => legendLayout(w, items, 0).height;

/** A legend row of coloured squares with labels; returns the height used. */
export function drawLegend(page: PDFPage, w: PdfWriter, items: LegendItem[], top: number): number {
  const { placed, height } = legendLayout(w, items, top);
  for (const { item, label, x, y } of placed) {
    page.drawRectangle({ x, y: y - 1, width: 8, height: 8, color: hex(item.color) });
    drawPattern(page, item.pattern, item.color, x, y - 1, 8, 8);
    drawText(page, label, { x: x + 12, y, size: LEGEND_SIZE, font: w.fonts.regular, color: INK });
  }
  return height;
}

/** Lines under a chart: which series were suppressed (no numbers) and each series' n. */
export function footnotes(series: PdfSeries[], minN: number, approximate = false): string[] {
  const lines: string[] = [];
  for (const s of series) {
    if (s.suppressed) lines.push(`${s.label}: ${reportExportNl.suppressed(minN)}`);
    else if (s.n !== null) lines.push(`${s.label}: ${reportExportNl.n(s.n, approximate)}`);
  }
  return lines;
}

const FOOTNOTE = { size: 8, gap: 2 } as const;

export function drawFootnotes(w: PdfWriter, lines: string[]): void {
  if (lines.length) w.text(lines.join('   ·   '), { size: FOOTNOTE.size, color: MUTED, gap: FOOTNOTE.gap });
}

/** The height drawFootnotes takes for these lines (wrapped as w.text wraps them). */
export function footnotesHeight(w: PdfWriter, lines: string[]): number {
  return lines.length ? wrapText(lines.join('   ·   '), w.fonts.regular, FOOTNOTE.size, CONTENT_WIDTH).length * FOOTNOTE.size * 1.35 + FOOTNOTE.gap : 0;
}

/** An axis of 4 ticks with round steps (1, 2, 2.5, 5 × 10^k) that covers `value`. */
export function niceAxis(value: number): { max: number; step: number } {
  const raw = Math.max(value, 1e-9) / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw - 1e-9)!;
  return { max: step * 4, step };
}

export const WHITE = rgb(1, 1, 1);
export { formatNumber };
