import { chartsNl } from '../../i18n/charts';
import { textColorFor } from '../colors';
import { NO_RESPONDENTS, WITHHELD_FILL, WITHHELD_INK, areaLabel, areaText, mapLayout } from '../map-layout';
import type { ChartSpec } from '../types';
import { FONT, MUTED, TEXT, clip, esc, f, wrap } from './frame';

/**
 * A map chart as SVG: the server's paths per area, filled by class; withheld areas hatched,
 * areas without respondents grey; the value on each area where it fits; one map per benchmark
 * with one legend. Every area is its own <path> with a <title> (name and value) and data
 * attributes the staff island reads for hover and keyboard focus.
 */
export function renderMap(spec: ChartSpec, width: number): string {
  const map = spec.map!;
  const id = `chart-${spec.id}`;
  const { panels, height: mapsHeight, legend } = mapLayout(spec, width);
  const parts: string[] = [`<defs><pattern id="${id}-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="${WITHHELD_FILL}"/><path d="M0,0 v6" stroke="${WITHHELD_INK}" stroke-width="1.6"/></pattern></defs>`];
  for (const p of panels) {
    if (p.label) parts.push(`<text x="${f(p.x)}" y="${f(p.y - 6)}" ${FONT} font-size="13" font-weight="600" fill="${TEXT}">${esc(clip(p.label, 40))}</text>`);
    parts.push(`<g transform="translate(${f(p.x)} ${f(p.y)}) scale(${p.scale.toFixed(4)})" data-series="${p.series}">`);
    for (const a of map.areas) {
      const state = a.states[p.series];
      const fill = state === 'value' ? a.colors[p.series]! : state === 'withheld' ? `url(#${id}-hatch)` : NO_RESPONDENTS;
      const data = `data-area="${esc(a.code)}" data-state="${state}"`;
      parts.push(`<path d="${a.d}" fill="${fill}" stroke="#ffffff" stroke-width="${f(1 / p.scale)}" stroke-linejoin="round" ${data}><title>${esc(areaText(spec, a, p.series))}</title></path>`);
    }
    for (const a of map.areas) {
      const label = areaLabel(spec, a, p.series, p.scale);
      if (label) parts.push(`<text x="${a.x}" y="${a.y}" text-anchor="middle" dominant-baseline="central" ${FONT} font-size="${f(12 / p.scale)}" font-weight="600" fill="${textColorFor(a.colors[p.series]!)}" pointer-events="none" aria-hidden="true">${esc(label)}</text>`);
    }
    parts.push('</g>');
  }
  let y = mapsHeight + 12;
  if (legend.length && spec.showLegend !== false) {
    // One unit in: a swatch's outline at x = 0 would be half outside the drawing.
    let x = 1;
    parts.push(`<g ${FONT} font-size="12" fill="${TEXT}" aria-label="${esc(chartsNl.legend)}">`);
    for (const e of legend) {
      const w = 18 + e.label.length * 6.6 + 14;
      if (x > 1 && x + w > width) {
        x = 1;
        y += 18;
      }
      const swatch = e.kind === 'withheld' ? `url(#${id}-hatch)` : e.color;
      parts.push(`<rect x="${f(x)}" y="${y}" width="12" height="12" fill="${swatch}" stroke="${MUTED}" stroke-width="0.5"/><text x="${f(x + 17)}" y="${y + 10}">${esc(e.label)}</text>`);
      x += w;
    }
    parts.push('</g>');
    y += 18;
  }
  for (const note of spec.notes) {
    for (const line of wrap(note, Math.max(30, Math.floor(width / 6.4)))) {
      y += 16;
      parts.push(`<text x="0" y="${y}" ${FONT} font-size="12" fill="${MUTED}">${esc(line)}</text>`);
    }
  }
  const height = y + 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f(width)} ${f(height)}" width="${f(width)}" height="${f(height)}" role="img" aria-label="${esc(chartsNl.mapLabel(spec.title))}" class="impulz-chart impulz-map" data-map-chart="${spec.id}"><title id="${id}-t">${esc(spec.title)}</title>${parts.join('')}</svg>`;
}
