import { degrees } from 'pdf-lib';
import { INK, MUTED, GRID, hex, textOn } from './colors';
import { colorAt, drawFootnotes, drawLegend, footnotes, formatValue, legendHeight, niceAxis } from './chart-frame';
import type { PdfChart, PdfPaint } from './model';
import { drawPattern } from './patterns';
import { fitColumnLabel } from '../../shared/chart/format';
import { drawText, fitLines, widthOf } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

type Bars = Extract<PdfChart, { type: 'bars' }> & PdfPaint;

const scaleMax = (chart: Bars) => {
  if (chart.max !== null && chart.max !== undefined && chart.max > 0) return chart.max;
  const max = Math.max(0, ...chart.series.flatMap((s) => s.values.map((v) => v ?? 0)));
  return chart.unit === '%' ? Math.max(100, max) : niceAxis(max > 0 ? max : 1).max;
};

/** A bar's paint: its series', or its answer's when one series is coloured per answer. */
const paintAt = (chart: Bars, color: string, pattern: string | null, ci: number) =>
  chart.categoryColors ? { color: colorAt(chart.categoryColors, ci), pattern: chart.categoryPatterns?.[ci] ?? null } : { color, pattern };

/** The value label as the chart model writes it (decimals, 'Toon n', significance), else formatted here. */
const labelAt = (chart: Bars, s: Bars['series'][number], ci: number) => s.labels?.[ci] ?? formatValue(s.values[ci] ?? null, chart.unit, chart.decimals) + (s.marks?.[ci] ? ' *' : '');

const shownOf = (chart: Bars) => chart.series.map((s, i) => ({ s, color: colorAt(chart.colors, i), pattern: chart.patterns?.[i] ?? null })).filter((x) => !x.s.suppressed);
const legendItems = (chart: Bars) => shownOf(chart).map((x) => ({ label: x.s.label, color: x.color, pattern: x.pattern }));
/** A legend only for several benchmarks (a single series has none). */
const legendOf = (w: PdfWriter, chart: Bars) => (chart.legend !== false && shownOf(chart).length > 1 ? legendHeight(w, legendItems(chart)) : 0);
const LABEL_WIDTH = 170;
const BAR_HEIGHT = 9;
const barsHeightOf = (chart: Bars) => Math.max(16, shownOf(chart).length * (BAR_HEIGHT + 2) + 6);
const rowHeightOf = (chart: Bars, lines: string[]) => Math.max(barsHeightOf(chart), lines.length * 9.5 + 6);
const rowLines = (w: PdfWriter, category: string) => fitLines(category, w.fonts.regular, 8, LABEL_WIDTH - 6);
/** Columns: plot, category labels and the n under them. */
const COLUMNS_HEIGHT = 150 + 26 + 60;

/** The height of the legend plus the first row of bars (with the n when it is the only row), measured before placing them. */
export function barsHead(w: PdfWriter, chart: Bars): number {
  if (chart.orientation === 'vertical') return legendOf(w, chart) + COLUMNS_HEIGHT;
  const first = chart.categories[0];
  return legendOf(w, chart) + (first === undefined ? 0 : rowHeightOf(chart, rowLines(w, first)) + (chart.categories.length === 1 ? 24 : 0));
}

/** Grouped horizontal bars: one row per category, one bar per (unsuppressed) benchmark. */
export function drawHorizontalBars(w: PdfWriter, chart: Bars, minN: number): void {
  const shown = shownOf(chart);
  if (chart.legend !== false && shown.length > 1) {
    w.ensure(Math.max(20, barsHead(w, chart)));
    w.y -= drawLegend(w.page, w, legendItems(chart), w.y);
  }
  const labelWidth = LABEL_WIDTH;
  const plotWidth = CONTENT_WIDTH - labelWidth - 50;
  const barHeight = BAR_HEIGHT;
  const barsHeight = barsHeightOf(chart);
  const max = scaleMax(chart);
  const size = 8;
  chart.categories.forEach((category, ci) => {
    // Long labels wrap onto two lines (the rule of the staff view and the public SVG); the row grows to hold them.
    const lines = rowLines(w, category);
    const rowHeight = rowHeightOf(chart, lines);
    // The last row keeps its footnote (n, suppressed groups) on the same page.
    w.ensure(rowHeight + (ci === chart.categories.length - 1 ? 24 : 0));
    const top = w.y;
    const page = w.page;
    lines.forEach((line, li) => drawText(page, line, { x: PAGE.margin, y: top - rowHeight / 2 - 3 + ((lines.length - 1) / 2 - li) * 9.5, size, font: w.fonts.regular, color: INK }));
    page.drawLine({ start: { x: PAGE.margin + labelWidth, y: top }, end: { x: PAGE.margin + labelWidth, y: top - rowHeight }, thickness: 0.5, color: GRID });
    shown.forEach(({ s, color, pattern }, si) => {
      const value = s.values[ci] ?? null;
      const y = top - (rowHeight - barsHeight) / 2 - 4 - (si + 1) * (barHeight + 2) + 2;
      const width = value === null ? 0 : (Math.min(max, Math.max(0, value)) / max) * plotWidth;
      const paint = paintAt(chart, color, pattern, ci);
      if (width > 0) {
        page.drawRectangle({ x: PAGE.margin + labelWidth, y, width, height: barHeight, color: hex(paint.color) });
        drawPattern(page, paint.pattern, paint.color, PAGE.margin + labelWidth, y, width, barHeight);
      }
      if (chart.values !== false) drawText(page, labelAt(chart, s, ci), { x: PAGE.margin + labelWidth + width + 3, y: y + 1.5, size: 7, font: w.fonts.regular, color: MUTED });
    });
    w.y -= rowHeight;
  });
  w.y -= 4;
  drawFootnotes(w, footnotes(chart.series, minN, chart.approximate));
}

/** Grouped vertical columns with category labels underneath. */
export function drawColumns(w: PdfWriter, chart: Bars, minN: number): void {
  const shown = shownOf(chart);
  const plotHeight = 150;
  const labelHeight = 26;
  w.ensure(barsHead(w, chart));
  if (chart.legend !== false && shown.length > 1) w.y -= drawLegend(w.page, w, legendItems(chart), w.y);
  const page = w.page;
  const left = PAGE.margin + 30;
  const width = CONTENT_WIDTH - 30;
  const base = w.y - plotHeight - 10;
  const max = scaleMax(chart);
  for (let t = 0; t <= 4; t++) {
    const y = base + (plotHeight * t) / 4;
    page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 0.4, color: GRID });
    drawText(page, formatValue((max * t) / 4, chart.unit, (max / 4) % 1 ? 1 : 0), { x: PAGE.margin, y: y - 3, size: 6.5, font: w.fonts.regular, color: MUTED });
  }
  const groupWidth = width / Math.max(1, chart.categories.length);
  const barWidth = Math.min(28, (groupWidth - 8) / Math.max(1, shown.length));
  chart.categories.forEach((category, ci) => {
    const gx = left + ci * groupWidth + (groupWidth - barWidth * shown.length) / 2;
    shown.forEach(({ s, color, pattern }, si) => {
      const value = s.values[ci] ?? null;
      const h = value === null ? 0 : (Math.min(max, Math.max(0, value)) / max) * plotHeight;
      const paint = paintAt(chart, color, pattern, ci);
      if (h > 0) {
        page.drawRectangle({ x: gx + si * barWidth, y: base, width: barWidth - 1, height: h, color: hex(paint.color) });
        drawPattern(page, paint.pattern, paint.color, gx + si * barWidth, base, barWidth - 1, h);
      }
      // The rule of every renderer (shared/chart/format.ts columnLabel): above the column when it fits
      // its width (the full label, else without its count), else upright inside a column tall enough, else left out.
      const texts = [labelAt(chart, s, ci), s.shortLabels?.[ci]].filter((t): t is string => !!t);
      const fit = chart.values !== false && value !== null ? fitColumnLabel(texts, { width: barWidth - 1, height: h, lineHeight: 6.5 }, (t) => widthOf(w.fonts.regular, t, 6.5)) : null;
      if (fit && !fit.inside) drawText(page, fit.text, { x: gx + si * barWidth + (barWidth - 1 - widthOf(w.fonts.regular, fit.text, 6.5)) / 2, y: base + h + 2, size: 6.5, font: w.fonts.regular, color: MUTED });
      if (fit?.inside) drawText(page, fit.text, { x: gx + si * barWidth + barWidth / 2 + 2, y: base + h - 3 - widthOf(w.fonts.regular, fit.text, 6.5), size: 6.5, font: w.fonts.regular, color: textOn(paint.color), rotate: degrees(90) });
    });
    fitLines(category, w.fonts.regular, 7, groupWidth - 2).forEach((line, li) => {
      const lw = widthOf(w.fonts.regular, line, 7);
      drawText(page, line, { x: left + ci * groupWidth + (groupWidth - lw) / 2, y: base - 11 - li * 8.5, size: 7, font: w.fonts.regular, color: INK });
    });
  });
  w.y = base - labelHeight;
  drawFootnotes(w, footnotes(chart.series, minN, chart.approximate));
}
