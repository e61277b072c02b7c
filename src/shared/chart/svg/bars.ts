import { chartsNl } from '../../i18n/charts';
import { columnLabel, formatNumber, legendKind, sigMark, stackedAxisMax, svgTextWidth, valueText } from '../format';
import { labelLines as wrapLabel } from '../labels';
import type { ChartSpec, Paint } from '../types';
import { FONT, Fills, GRID, MUTED, TEXT, esc, f, footer, frame, niceMax } from './frame';

/** A category label in up to two lines (wrapped on words, the rest cut): right-aligned at x. */
function labelLines(label: string, x: number, midY: number, chars: number): string {
  const lines = wrapLabel(label, Math.max(6, chars));
  const top = midY - ((lines.length - 1) * 13) / 2;
  return `<text text-anchor="end" dominant-baseline="middle" ${FONT} font-size="12" fill="${TEXT}"><title>${esc(label)}</title>${lines.map((l, i) => `<tspan x="${f(x)}" y="${f(top + i * 13)}">${esc(l)}</tspan>`).join('')}</text>`;
}

/** Below this width (phones) bar labels go above their bars at full width instead of in a cut label column. */
const NARROW = 420;

/** A category label above its bars (phones): up to two lines of the full width, left-aligned; returns markup and height. */
function headLines(label: string, top: number, width: number): { svg: string; height: number } {
  const chars = Math.max(12, Math.floor(width / 6.6));
  const lines = wrapLabel(label, chars);
  const svg = `<text ${FONT} font-size="12" fill="${TEXT}"><title>${esc(label)}</title>${lines.map((l, i) => `<tspan x="0" y="${f(top + 12 + i * 14)}">${esc(l)}</tspan>`).join('')}</text>`;
  return { svg, height: lines.length * 14 + 4 };
}

const paintOf = (spec: ChartSpec, s: number, c: number): Partial<Paint> => (spec.colorBy === 'category' ? spec.categories[c]! : spec.series[s]!);

function axisMax(spec: ChartSpec): number {
  if (spec.range.max !== null) return spec.range.max;
  return niceMax(spec.series.flatMap((s) => s.values), 1);
}

/** Horizontal grouped bars: a label column, one bar per released series per category, values at the bar end. */
export function renderBars(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const shown = spec.series.map((s, i) => ({ s, i })).filter(({ s }) => !s.suppressed);
  const narrow = width < NARROW;
  const labelW = narrow ? 0 : Math.min(width * 0.38, 12 + Math.max(6, ...spec.categories.map((c) => c.label.length)) * 7);
  const plotW = width - labelW - 70;
  const barH = shown.length > 2 ? 12 : 16;
  const barsH = Math.max(30, Math.max(1, shown.length) * (barH + 3) + 10);
  const max = axisMax(spec);
  const min = Math.min(0, spec.range.min);
  const x = (v: number) => labelW + ((v - min) / (max - min || 1)) * plotW;
  const out: string[] = [];
  const body: string[] = [];
  let top = 0;
  spec.categories.forEach((c, ci) => {
    let barsTop = top;
    if (narrow) {
      const head = headLines(c.label, top, width);
      body.push(head.svg);
      barsTop += head.height;
    } else body.push(labelLines(c.label, labelW - 6, top + barsH / 2, Math.floor((labelW - 8) / 7)));
    shown.forEach(({ s, i }, k) => {
      const v = s.values[ci];
      const y = barsTop + 5 + k * (barH + 3);
      if (v === null || v === undefined) return;
      const w = Math.max(0, x(Math.min(v, max)) - x(Math.max(min, 0)));
      const label = valueText(spec, v, s.counts?.[ci], sigMark(spec, i, ci));
      body.push(`<rect x="${f(x(Math.max(min, 0)))}" y="${f(y)}" width="${f(w)}" height="${barH}" fill="${fills.fill(paintOf(spec, i, ci))}"><title>${esc(`${s.label} – ${c.label}: ${label}`)}</title></rect>`);
      if (spec.showValues !== false) body.push(`<text x="${f(x(Math.max(min, 0)) + w + 4)}" y="${f(y + barH / 2)}" dominant-baseline="middle" ${FONT} font-size="11" fill="${TEXT}">${esc(label)}</text>`);
    });
    top = barsTop + barsH;
  });
  const plotH = top;
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const v = min + (max - min) * t;
    out.push(`<line x1="${f(x(v))}" x2="${f(x(v))}" y1="0" y2="${plotH}" stroke="${GRID}"/>`);
  }
  const legend = footer(spec, fills, width, plotH + 4, legendKind(spec));
  return frame(spec, width, plotH + legend.height + 8, out.join('') + body.join('') + legend.svg, fills);
}

/** Vertical grouped columns with the value above each column and wrapped category labels. */
export function renderColumns(spec: ChartSpec, width: number, height: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const shown = spec.series.map((s, i) => ({ s, i })).filter(({ s }) => !s.suppressed);
  const left = 36;
  const plotW = width - left;
  const plotH = height;
  const slot = plotW / Math.max(1, spec.categories.length);
  const colW = Math.min(48, (slot - 10) / Math.max(1, shown.length));
  const max = axisMax(spec);
  const y = (v: number) => plotH - (Math.max(0, v) / (max || 1)) * (plotH - 18);
  const out: string[] = [];
  for (const t of shown.length ? [0, 0.5, 1] : []) {
    const v = max * t;
    out.push(`<line x1="${left}" x2="${width}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="${GRID}"/><text x="${left - 4}" y="${f(y(v))}" text-anchor="end" dominant-baseline="middle" ${FONT} font-size="11" fill="${MUTED}">${esc(formatNumber(v, spec.decimals) + spec.unit)}</text>`);
  }
  const chars = Math.max(4, Math.floor(slot / 6.2));
  spec.categories.forEach((c, ci) => {
    const x0 = left + ci * slot + (slot - colW * shown.length) / 2;
    shown.forEach(({ s, i }, k) => {
      const v = s.values[ci];
      if (v === null || v === undefined) return;
      const label = valueText(spec, v, s.counts?.[ci], sigMark(spec, i, ci));
      const yy = y(Math.min(v, max));
      out.push(`<rect x="${f(x0 + k * colW)}" y="${f(yy)}" width="${f(colW - 2)}" height="${f(plotH - yy)}" fill="${fills.fill(paintOf(spec, i, ci))}"><title>${esc(`${s.label} – ${c.label}: ${label}`)}</title></rect>`);
      // Only what fits above its own column (format.ts columnLabel): neighbours never overlap.
      const fit = spec.showValues !== false ? columnLabel(spec, v, s.counts?.[ci], sigMark(spec, i, ci), { width: colW - 2, height: plotH - yy, lineHeight: 11 }, svgTextWidth) : null;
      const cx = x0 + k * colW + colW / 2 - 1;
      if (fit && !fit.inside) out.push(`<text x="${f(cx)}" y="${f(yy - 3)}" text-anchor="middle" ${FONT} font-size="11" fill="${TEXT}">${esc(fit.text)}</text>`);
      if (fit?.inside) out.push(`<text transform="translate(${f(cx)},${f(yy + 4)}) rotate(-90)" text-anchor="end" dominant-baseline="middle" ${FONT} font-size="11" fill="${paintOf(spec, i, ci).textColor ?? '#ffffff'}">${esc(fit.text)}</text>`);
    });
    wrapLabel(c.label, chars).forEach((line, li) => out.push(`<text x="${f(left + ci * slot + slot / 2)}" y="${plotH + 14 + li * 13}" text-anchor="middle" ${FONT} font-size="11" fill="${TEXT}">${esc(line)}</text>`));
  });
  const legend = footer(spec, fills, width, plotH + 34, legendKind(spec));
  return frame(spec, width, plotH + 34 + legend.height + 8, out.join('') + legend.svg, fills);
}

/** Stacked horizontal bars (one per category), segment values inside when they fit. */
export function renderStacked(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const narrow = width < NARROW;
  const labelW = narrow ? 0 : Math.min(width * 0.38, 12 + Math.max(6, ...spec.categories.map((c) => c.label.length)) * 7);
  const plotW = width - labelW - 8;
  const barH = 22;
  const max = stackedAxisMax(spec);
  const out: string[] = [];
  let top = 0;
  spec.categories.forEach((c, ci) => {
    // On a phone the label stands above its bar at full width, so it is never cut to a stub.
    if (narrow) {
      const head = headLines(c.label, top, width);
      out.push(head.svg);
      top += head.height;
    } else out.push(labelLines(c.label, labelW - 6, top + barH / 2, Math.floor((labelW - 8) / 7)));
    if (c.suppressed) {
      out.push(`<rect x="${f(labelW)}" y="${top}" width="${f(plotW)}" height="${barH}" fill="#f3f4f6" stroke="${GRID}"/><text x="${f(labelW + 8)}" y="${f(top + barH / 2)}" dominant-baseline="middle" ${FONT} font-size="11" fill="${MUTED}">${esc(spec.minN ? chartsNl.suppressedMinN(spec.minN) : chartsNl.suppressed)}</text>`);
      top += barH + (narrow ? 10 : 14);
      return;
    }
    let x = labelW;
    spec.series.forEach((s, i) => {
      const v = s.values[ci];
      if (v === null || v === undefined || v <= 0) return;
      const w = (v / (max || 1)) * plotW;
      const label = valueText(spec, v, s.counts?.[ci], sigMark(spec, i, ci));
      out.push(`<rect x="${f(x)}" y="${top}" width="${f(w)}" height="${barH}" fill="${fills.fill(s)}"><title>${esc(`${c.label} – ${s.label}: ${label}`)}</title></rect>`);
      if (spec.showValues !== false && w > svgTextWidth(label) + 6) out.push(`<text x="${f(x + w / 2)}" y="${f(top + barH / 2)}" text-anchor="middle" dominant-baseline="middle" ${FONT} font-size="11" fill="${s.textColor}">${esc(label)}</text>`);
      x += w;
    });
    top += barH + (narrow ? 10 : 14);
  });
  const plotH = top;
  const legend = footer(spec, fills, width, plotH, legendKind(spec));
  return frame(spec, width, plotH + legend.height + 8, out.join('') + legend.svg, fills);
}
