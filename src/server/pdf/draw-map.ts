import { type PDFOperator, clip, closePath, concatTransformationMatrix, endPath, lineTo, moveTo, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingRgbColor, stroke } from 'pdf-lib';
import { NO_RESPONDENTS, WITHHELD_FILL, WITHHELD_INK, areaLabel, mapLayout } from '../../shared/chart/map-layout';
import type { ChartSpec } from '../../shared/chart/types';
import { INK, hex, textOn } from './colors';
import { drawText, fitText, widthOf } from './text';
import { CONTENT_WIDTH, PAGE, type PdfWriter } from './writer';

/**
 * The map paths as drawing operators, for the clip of the hatching (server/maps/draw-map.ts
 * writes them: per ring an absolute 'M', then relative 'l' steps with implicit repeats, 'z'; the
 * numbers compact, as '2-.5' or '.5.5'). Absolute 'L' is read as well.
 */
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;

export function pathOperators(d: string): PDFOperator[] {
  const ops: PDFOperator[] = [];
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmLlZz])([^MmLlZz]*)/g)) {
    if (cmd === 'Z' || cmd === 'z') {
      ops.push(closePath());
      continue;
    }
    const nums = (args!.match(NUMBER) ?? []).map(Number);
    for (let i = 0; i + 1 < nums.length; i += 2) {
      const relative = cmd === 'm' || cmd === 'l';
      x = relative ? x + nums[i]! : nums[i]!;
      y = relative ? y + nums[i + 1]! : nums[i + 1]!;
      // After the first pair of a moveto, further pairs are linetos (SVG's implicit repeat).
      ops.push(i === 0 && (cmd === 'M' || cmd === 'm') ? moveTo(x, y) : lineTo(x, y));
    }
  }
  return ops;
}

const withheld = hex(WITHHELD_INK);

/** Diagonal hatching inside an area (clipped to its path), as the SVG's hatch pattern. */
function hatch(w: PdfWriter, d: string, ox: number, oy: number, scale: number, box: { width: number; height: number }): void {
  const lines: PDFOperator[] = [];
  const gap = 4 / scale;
  for (let c = -box.height; c < box.width; c += gap) lines.push(moveTo(c, 0), lineTo(c + box.height, box.height));
  w.page.pushOperators(
    pushGraphicsState(),
    // Drawing coordinates (y down) → page (y up).
    concatTransformationMatrix(scale, 0, 0, -scale, ox, oy),
    ...pathOperators(d),
    clip(),
    endPath(),
    setStrokingRgbColor(withheld.red, withheld.green, withheld.blue),
    setLineWidth(0.6 / scale),
    ...lines,
    stroke(),
    popGraphicsState(),
  );
}

/** Height of a map chart in the PDF (maps and legend). */
export function mapHead(spec: ChartSpec): number {
  return mapLayout(spec, CONTENT_WIDTH).height + 30;
}

/**
 * A map chart as vectors: the same server paths as the SVG (pdf-lib drawSvgPath), the same
 * classes, hatching for withheld areas, grey for areas without respondents, values where they
 * fit, the small multiples and the one legend of chart/map-layout.ts.
 */
export function drawMapChart(w: PdfWriter, spec: ChartSpec): void {
  const map = spec.map!;
  const { panels, height, legend } = mapLayout(spec, CONTENT_WIDTH);
  w.ensure(height + 30);
  const top = w.y;
  const font = w.fonts.bold;
  for (const p of panels) {
    const ox = PAGE.margin + p.x;
    const oy = top - p.y;
    if (p.label) drawText(w.page, fitText(p.label, font, 9, 200), { x: ox, y: oy + 6, size: 9, font, color: INK });
    for (const a of map.areas) {
      const state = a.states[p.series];
      const fill = state === 'value' ? a.colors[p.series]! : state === 'withheld' ? WITHHELD_FILL : NO_RESPONDENTS;
      w.page.drawSvgPath(a.d, { x: ox, y: oy, scale: p.scale, color: hex(fill), borderColor: rgb(1, 1, 1), borderWidth: 0.8 / p.scale });
      if (state === 'withheld') hatch(w, a.d, ox, oy, p.scale, map);
    }
    for (const a of map.areas) {
      const label = areaLabel(spec, a, p.series, p.scale);
      if (!label) continue;
      const size = 8;
      const width = widthOf(font, label, size);
      drawText(w.page, label, { x: ox + a.x * p.scale - width / 2, y: oy - a.y * p.scale - size / 3, size, font, color: textOn(a.colors[p.series]!) });
    }
  }
  w.y = top - height - 10;
  if (spec.showLegend === false) return;
  let x = PAGE.margin;
  for (const e of legend) {
    const width = 14 + widthOf(w.fonts.regular, e.label, 8) + 12;
    if (x > PAGE.margin && x + width > PAGE.margin + CONTENT_WIDTH) {
      x = PAGE.margin;
      w.y -= 14;
    }
    w.page.drawRectangle({ x, y: w.y - 9, width: 9, height: 9, color: hex(e.color), borderColor: hex(WITHHELD_INK), borderWidth: 0.3 });
    if (e.kind === 'withheld') hatch(w, 'M0,0L9,0L9,9L0,9Z', x, w.y, 1, { width: 9, height: 9 });
    drawText(w.page, e.label, { x: x + 13, y: w.y - 8, size: 8, font: w.fonts.regular, color: INK });
    x += width;
  }
  w.y -= 16;
}
