import { chartsNl } from '../../i18n/charts';
import { formatCell, formatCount, formatNumber, nText, sigMark } from '../format';
import type { ChartSpec } from '../types';
import { FONT, Fills, GRID, MUTED, TEXT, clip, esc, f, footer, frame, wrap } from './frame';

/** A data table: categories down, series across; suppressed columns show '–' only. */
export function renderTable(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const cols = Math.max(1, spec.series.length);
  const labelW = Math.min(width * 0.45, 8 + Math.max(8, ...spec.categories.map((c) => c.label.length)) * 6.4);
  const colW = (width - labelW) / cols;
  const rowH = 24;
  const out: string[] = [`<rect x="0" y="0" width="${width}" height="${rowH}" fill="#f3f4f6"/>`];
  out.push(`<text x="6" y="16" ${FONT} font-size="12" font-weight="600" fill="${TEXT}">${esc(chartsNl.table.category)}</text>`);
  spec.series.forEach((s, i) => {
    const head = s.suppressed ? `${s.label} *` : spec.showN && s.n !== null ? `${s.label} (${nText(spec, s.n)})` : s.label;
    out.push(`<text x="${f(labelW + (i + 1) * colW - 6)}" y="16" text-anchor="end" ${FONT} font-size="12" font-weight="600" fill="${TEXT}">${esc(clip(head, Math.floor(colW / 6.6)))}</text>`);
  });
  spec.categories.forEach((c, ci) => {
    const y = (ci + 1) * rowH;
    out.push(`<line x1="0" x2="${width}" y1="${y}" y2="${y}" stroke="${GRID}"/><text x="6" y="${y + 16}" ${FONT} font-size="12" fill="${TEXT}"><title>${esc(c.label)}</title>${esc(clip(c.label, Math.floor(labelW / 6.4)))}</text>`);
    spec.series.forEach((s, i) => {
      const text = formatCell(spec, s.values[ci] ?? null, s.counts?.[ci]) + sigMark(spec, i, ci) + (spec.showN && s.counts?.[ci] != null && spec.format !== 'percentage-count' ? ` (${formatCount(spec, s.counts[ci]!)})` : '');
      out.push(`<text x="${f(labelW + (i + 1) * colW - 6)}" y="${y + 16}" text-anchor="end" ${FONT} font-size="12" fill="${s.suppressed ? MUTED : TEXT}">${esc(text)}</text>`);
    });
  });
  let h = (spec.categories.length + 1) * rowH;
  // Cell-key mode: the table's caption note (its counts are perturbed), as the staff table has it.
  if (spec.approximate) {
    for (const line of wrap(chartsNl.table.approximate, Math.max(28, Math.floor(width / 6)))) {
      h += 16;
      out.push(`<text x="0" y="${h}" ${FONT} font-size="11" fill="${MUTED}" data-note="approximate">${esc(line)}</text>`);
    }
    h += 4;
  }
  const legend = footer(spec, fills, width, h + 4, 'none');
  return frame(spec, width, h + 4 + legend.height + 8, out.join('') + legend.svg, fills);
}

/** KPI tiles (one per series) or gauges (semicircle from range min to max). */
export function renderKpi(spec: ChartSpec, fullWidth: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const n = Math.max(1, spec.series.length);
  // A tile is at most 320 px wide: one number does not float in a card-wide empty box.
  const width = Math.min(fullWidth, n * 320);
  const perRow = Math.min(n, width < 420 ? 2 : 4);
  const cell = width / perRow;
  const gauge = spec.kind === 'gauge';
  // The question wraps (up to three lines) instead of being cut off.
  const labelOf = (s: ChartSpec['series'][number]) => {
    const label = n > 1 ? s.label : (spec.categories[0]?.label ?? spec.title);
    const count = s.counts?.[0] ?? null;
    return spec.showN && count !== null && !s.suppressed ? `${label} (${nText(spec, count)})` : label;
  };
  const lines = spec.series.map((s) => {
    const all = wrap(labelOf(s), Math.max(12, Math.floor((cell - 20) / 6.6)));
    return all.length > 3 ? [...all.slice(0, 2), clip(all.slice(2).join(' '), Math.max(12, Math.floor((cell - 20) / 6.6)))] : all;
  });
  const maxLines = Math.max(1, ...lines.map((l) => l.length));
  const tileH = (gauge ? Math.min(cell * 0.6, 150) + 24 : 66) + maxLines * 16;
  const out: string[] = [];
  spec.series.forEach((s, i) => {
    const cx = (i % perRow) * cell + cell / 2;
    const top = Math.floor(i / perRow) * tileH;
    const v = s.values[0] ?? null;
    if (gauge) {
      const r = Math.min(cell / 2 - 12, 110);
      const cy = top + r + 8;
      const arc = (t: number) => `${f(cx - r * Math.cos(Math.PI * t))},${f(cy - r * Math.sin(Math.PI * t))}`;
      out.push(`<path d="M${arc(0)}A${f(r)},${f(r)} 0 0 1 ${arc(1)}" fill="none" stroke="${GRID}" stroke-width="${f(r * 0.22)}"/>`);
      if (v !== null && !s.suppressed) {
        const max = spec.range.max ?? 100;
        const t = Math.max(0, Math.min(1, (v - spec.range.min) / (max - spec.range.min || 1)));
        if (t > 0) out.push(`<path d="M${arc(0)}A${f(r)},${f(r)} 0 0 1 ${arc(t)}" fill="none" stroke="${s.color}" stroke-width="${f(r * 0.22)}"/>`);
      }
      out.push(tileText(spec, s.suppressed, v, s.counts?.[0] ?? null, cx, cy - 6, lines[i]!, cy + 18));
      return;
    }
    out.push(`<rect x="${f(cx - cell / 2 + 4)}" y="${top + 4}" width="${f(cell - 8)}" height="${tileH - 8}" rx="8" fill="#f9fafb" stroke="${GRID}"/>`);
    out.push(tileText(spec, s.suppressed, v, s.counts?.[0] ?? null, cx, top + 42, lines[i]!, top + 64));
  });
  const h = Math.ceil(n / perRow) * tileH;
  const legend = footer(spec, fills, fullWidth, h, 'none');
  return frame(spec, Math.max(width, legend.height > 0 ? fullWidth : width), h + legend.height + 8, out.join('') + legend.svg, fills);
}

function tileText(spec: ChartSpec, suppressed: string | null, v: number | null, count: number | null, cx: number, y: number, lines: string[], labelY: number): string {
  const big = suppressed ? chartsNl.suppressed : formatCell(spec, v, count);
  const size = suppressed ? 13 : 30;
  const label = lines.map((l, i) => `<tspan x="${f(cx)}" y="${f(labelY + i * 16)}">${esc(l)}</tspan>`).join('');
  return `<text x="${f(cx)}" y="${f(y)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" fill="${suppressed ? MUTED : TEXT}">${esc(big)}</text><text text-anchor="middle" ${FONT} font-size="12" fill="${MUTED}">${label}</text>`;
}

/** The ends and the middle of the agree scale: red–grey–blue, told apart with deuteranopia too. */
export const NPS_COLORS = { detractors: '#b2182b', passives: '#cfcfcf', promoters: '#2166ac' } as const;

/** Net Promoter: the score per series with a bar of detractors / passives / promoters. */
export function renderNps(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const rowH = 58;
  const out: string[] = [];
  spec.series.forEach((s, i) => {
    const top = i * rowH;
    const v = s.values[0] ?? null;
    out.push(`<text x="0" y="${top + 16}" ${FONT} font-size="12" font-weight="600" fill="${TEXT}">${esc(s.label)}</text>`);
    if (s.suppressed) {
      out.push(`<text x="0" y="${top + 38}" ${FONT} font-size="12" fill="${MUTED}">${esc(chartsNl.suppressed)}</text>`);
      return;
    }
    out.push(`<text x="${width}" y="${top + 16}" text-anchor="end" ${FONT} font-size="16" font-weight="700" fill="${TEXT}">${esc(`${chartsNl.nps.score} ${v === null ? '–' : formatNumber(v, spec.decimals)}`)}</text>`);
    const parts = spec.nps?.[i];
    if (!parts) return;
    let x = 0;
    for (const key of ['detractors', 'passives', 'promoters'] as const) {
      const w = (parts[key] / 100) * width;
      const text = `${formatNumber(parts[key])}%`;
      out.push(`<rect x="${f(x)}" y="${top + 24}" width="${f(w)}" height="22" fill="${NPS_COLORS[key]}"><title>${esc(`${chartsNl.nps[key]}: ${text}`)}</title></rect>`);
      if (w > 36) out.push(`<text x="${f(x + w / 2)}" y="${top + 39}" text-anchor="middle" ${FONT} font-size="11" fill="${key === 'passives' ? '#000000' : '#ffffff'}">${esc(text)}</text>`);
      x += w;
    }
  });
  const h = spec.series.length * rowH;
  const legend = footer(spec, fills, width, h, 'none');
  return frame(spec, width, h + legend.height + 8, out.join('') + legend.svg, fills);
}

/** Open answers (a list with counts) or a word cloud (font size by count), from the first released series. */
export function renderTexts(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const s = spec.series.find((x) => !x.suppressed);
  const out: string[] = [];
  let h = 0;
  if (!s) {
    h = 0;
  } else if (spec.kind === 'wordcloud') {
    const counts = s.counts ?? [];
    const max = Math.max(1, ...counts.map((c) => c ?? 0));
    let x = 0;
    let y = 28;
    spec.categories.slice(0, 60).forEach((c, i) => {
      const size = 12 + Math.round(((counts[i] ?? 0) / max) * 20);
      const word = clip(c.label, 30);
      const w = word.length * size * 0.58 + 12;
      if (x > 0 && x + w > width) {
        x = 0;
        y += 36;
      }
      out.push(`<text x="${f(x)}" y="${y}" ${FONT} font-size="${size}" fill="${spec.categories[i]?.color ?? s.color}"><title>${esc(`${c.label}: ${counts[i] ?? 0}`)}</title>${esc(word)}</text>`);
      x += w;
    });
    h = y + 10;
  } else {
    const chars = Math.floor((width - 60) / 6.6);
    spec.categories.slice(0, 30).forEach((c, i) => {
      for (const line of wrap(c.label, chars).slice(0, 3)) {
        h += 18;
        out.push(`<text x="0" y="${h}" ${FONT} font-size="12" fill="${TEXT}">${esc(line)}</text>`);
      }
      out.push(`<text x="${width}" y="${h}" text-anchor="end" ${FONT} font-size="12" fill="${MUTED}">${esc(formatCount(spec, s.counts?.[i] ?? 0))}</text>`);
      h += 6;
      out.push(`<line x1="0" x2="${width}" y1="${h}" y2="${h}" stroke="${GRID}"/>`);
    });
    if (!spec.categories.length) {
      h = 20;
      out.push(`<text x="0" y="16" ${FONT} font-size="12" fill="${MUTED}">${esc(chartsNl.noAnswers)}</text>`);
    }
  }
  const legend = footer(spec, fills, width, h + 4, 'none');
  return frame(spec, width, h + 4 + legend.height + 8, out.join('') + legend.svg, fills);
}
