import { formatCell, legendKind } from '../format';
import type { ChartSpec } from '../types';
import { FONT, Fills, GRID, MUTED, TEXT, esc, f, footer, frame, wrap } from './frame';

/** One pie (or ring) per series side by side; a suppressed series shows its text instead. */
export function renderPies(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const count = Math.max(1, spec.series.length);
  const perRow = Math.min(count, width < 420 ? 1 : 3);
  const cell = width / perRow;
  const r = Math.min(110, cell / 2 - 16);
  const rowH = r * 2 + 40;
  const out: string[] = [];
  spec.series.forEach((s, si) => {
    const cx = (si % perRow) * cell + cell / 2;
    const top = Math.floor(si / perRow) * rowH;
    const cy = top + 22 + r;
    if (count > 1) out.push(`<text x="${f(cx)}" y="${top + 12}" text-anchor="middle" ${FONT} font-size="12" font-weight="600" fill="${TEXT}">${esc(s.label)}</text>`);
    if (s.suppressed) {
      out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#f9fafb" stroke="${GRID}" stroke-dasharray="4 3"/>`);
      wrap(s.suppressed, Math.max(12, Math.floor((r * 1.6) / 6.2))).slice(0, 5).forEach((line, li, all) => out.push(`<text x="${f(cx)}" y="${f(cy + (li - (all.length - 1) / 2) * 14)}" text-anchor="middle" dominant-baseline="middle" ${FONT} font-size="11" fill="${MUTED}">${esc(line)}</text>`));
      return;
    }
    const total = s.values.reduce<number>((a, v) => a + (v && v > 0 ? v : 0), 0);
    if (!total) return;
    let angle = -Math.PI / 2;
    const inner = spec.kind === 'donut' ? r * 0.55 : 0;
    s.values.forEach((v, ci) => {
      if (!v || v <= 0) return;
      const a = (v / total) * Math.PI * 2;
      const c = spec.categories[ci]!;
      const label = formatCell(spec, v, s.counts?.[ci]);
      const pt = (rad: number, ang: number) => `${f(cx + rad * Math.cos(ang))},${f(cy + rad * Math.sin(ang))}`;
      const large = a > Math.PI ? 1 : 0;
      const full = a >= Math.PI * 2 - 1e-6;
      const d = full
        ? `M${pt(r, angle)}A${f(r)},${f(r)} 0 1 1 ${pt(r, angle + Math.PI)}A${f(r)},${f(r)} 0 1 1 ${pt(r, angle)}Z`
        : inner
          ? `M${pt(r, angle)}A${f(r)},${f(r)} 0 ${large} 1 ${pt(r, angle + a)}L${pt(inner, angle + a)}A${f(inner)},${f(inner)} 0 ${large} 0 ${pt(inner, angle)}Z`
          : `M${f(cx)},${f(cy)}L${pt(r, angle)}A${f(r)},${f(r)} 0 ${large} 1 ${pt(r, angle + a)}Z`;
      out.push(`<path d="${d}" fill="${fills.fill(c)}" stroke="#fff" stroke-width="1"><title>${esc(`${c.label}: ${label}`)}</title></path>`);
      if (spec.showValues !== false && a > 0.35) {
        const mid = angle + a / 2;
        const lr = inner ? (r + inner) / 2 : r * 0.65;
        out.push(`<text x="${f(cx + lr * Math.cos(mid))}" y="${f(cy + lr * Math.sin(mid))}" text-anchor="middle" dominant-baseline="middle" ${FONT} font-size="11" fill="${c.textColor ?? '#ffffff'}">${esc(label)}</text>`);
      }
      angle += a;
    });
  });
  const plotH = Math.ceil(count / perRow) * rowH;
  const legend = footer(spec, fills, width, plotH, legendKind(spec));
  return frame(spec, width, plotH + legend.height + 8, out.join('') + legend.svg, fills);
}
