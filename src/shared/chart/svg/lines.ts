import { chartsNl } from '../../i18n/charts';
import { formatCell, formatNumber, fullGaps, legendKind } from '../format';
import type { ChartSpec } from '../types';
import { FONT, Fills, GRID, MUTED, TEXT, clip, esc, f, footer, frame, niceMax } from './frame';

/** Lines (or areas) over the categories — periods on a trend chart; null values break the line. */
export function renderLines(spec: ChartSpec, width: number, height: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const left = 40;
  const plotW = width - left - 12;
  const n = spec.categories.length;
  const max = spec.range.max ?? niceMax(spec.series.flatMap((s) => s.values), 1);
  const min = Math.min(0, spec.range.min);
  const x = (i: number) => left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const y = (v: number) => height - ((v - min) / (max - min || 1)) * (height - 10);
  const out: string[] = [];
  // A period without any released number: a grey band, so the gap reads as a gap (never bridged).
  const half = n <= 1 ? plotW / 2 : plotW / (n - 1) / 2;
  fullGaps(spec).forEach((gap, i) => {
    if (!gap) return;
    const x0 = Math.max(left, x(i) - half);
    out.push(`<rect x="${f(x0)}" y="0" width="${f(Math.min(left + plotW, x(i) + half) - x0)}" height="${height}" fill="#f3f4f6"><title>${esc(`${spec.categories[i]!.label}: ${chartsNl.suppressed}`)}</title></rect>`);
  });
  // Four or five steps, whichever gives whole numbers (0–50 → 10, 20 …; 0–100 → 25, 50 …).
  const steps = (max - min) % 4 === 0 ? 4 : 5;
  for (const t of spec.series.some((s) => !s.suppressed) ? Array.from({ length: steps + 1 }, (_, i) => i / steps) : []) {
    const v = min + (max - min) * t;
    out.push(`<line x1="${left}" x2="${f(left + plotW)}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="${GRID}"/><text x="${left - 4}" y="${f(y(v))}" text-anchor="end" dominant-baseline="middle" ${FONT} font-size="11" fill="${MUTED}">${esc(formatNumber(v, spec.decimals) + spec.unit)}</text>`);
  }
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / 70))));
  spec.categories.forEach((c, i) => {
    if (i % every === 0) out.push(`<text x="${f(x(i))}" y="${height + 16}" text-anchor="middle" ${FONT} font-size="11" fill="${TEXT}">${esc(clip(c.label, 14))}</text>`);
  });
  // Areas of several series would cover each other: an area chart fills one series only, several are lines.
  const filled = spec.kind === 'area' && spec.series.filter((s) => !s.suppressed).length === 1;
  for (const s of spec.series) {
    if (s.suppressed) continue;
    const runs: [number, number][][] = [];
    let run: [number, number][] = [];
    s.values.forEach((v, i) => {
      if (v === null || v === undefined) {
        if (run.length) runs.push(run);
        run = [];
      } else run.push([x(i), y(v)]);
    });
    if (run.length) runs.push(run);
    for (const r of runs) {
      const d = r.map(([px, py], k) => `${k ? 'L' : 'M'}${f(px)},${f(py)}`).join('');
      if (filled && r.length > 1) out.push(`<path d="${d}L${f(r[r.length - 1]![0])},${f(y(Math.max(min, 0)))}L${f(r[0]![0])},${f(y(Math.max(min, 0)))}Z" fill="${fills.fill(s)}" fill-opacity="0.35"/>`);
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    }
    s.values.forEach((v, i) => {
      if (v === null || v === undefined) return;
      out.push(`<circle cx="${f(x(i))}" cy="${f(y(v))}" r="3" fill="${s.color}"><title>${esc(`${s.label} – ${spec.categories[i]!.label}: ${formatCell(spec, v, s.counts?.[i])}`)}</title></circle>`);
    });
  }
  const legend = footer(spec, fills, width, height + 24, legendKind(spec));
  return frame(spec, width, height + 24 + legend.height + 8, out.join('') + legend.svg, fills);
}
