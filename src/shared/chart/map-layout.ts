import { chartsNl } from '../i18n/charts';
import { formatCell, formatNumber, nText, shortValueText } from './format';
import type { ChartSpec, MapSpecArea } from './types';

export const NO_RESPONDENTS = '#d1d5db';
export const WITHHELD_FILL = '#f3f4f6';
export const WITHHELD_INK = '#6b7280';
const GAP = 16;
const PANEL_TITLE = 20;

export interface MapPanel {
  series: number;
  label: string | null;
  x: number;
  y: number;
  scale: number;
}

export interface MapLegendEntry {
  kind: 'class' | 'withheld' | 'empty';
  label: string;
  color: string;
}

/**
 * Where the small multiples go (one map per benchmark, side by side: up to three a row on a wide
 * chart, one on a phone) and the one shared legend — the SVG and the PDF draw from this.
 */
export function mapLayout(spec: ChartSpec, width: number): { panels: MapPanel[]; height: number; legend: MapLegendEntry[] } {
  const map = spec.map!;
  const n = Math.max(1, spec.series.length);
  const cols = n === 1 ? 1 : Math.max(1, Math.min(n, Math.floor((width + GAP) / (240 + GAP)), 3));
  const panelWidth = Math.min(map.width, (width - GAP * (cols - 1)) / cols);
  const scale = panelWidth / map.width;
  const title = n > 1 ? PANEL_TITLE : 0;
  const rowHeight = title + map.height * scale;
  const panels = Array.from({ length: n }, (_, k) => ({ series: k, label: n > 1 ? (spec.series[k]?.label ?? null) : null, x: (k % cols) * (panelWidth + GAP), y: Math.floor(k / cols) * (rowHeight + GAP) + title, scale }));
  const rows = Math.ceil(n / cols);
  return { panels, height: rows * rowHeight + (rows - 1) * GAP, legend: mapLegend(spec) };
}

function mapLegend(spec: ChartSpec): MapLegendEntry[] {
  const map = spec.map!;
  const fmt = (v: number) => formatCell(spec, v);
  const entries: MapLegendEntry[] = map.classes.map((c) => ({ kind: 'class', label: c.from === c.to ? fmt(c.from) : `${fmt(c.from)} – ${fmt(c.to)}`, color: c.color }));
  if (map.areas.some((a) => a.states.includes('withheld'))) entries.push({ kind: 'withheld', label: chartsNl.mapTooFew, color: WITHHELD_FILL });
  if (map.areas.some((a) => a.states.includes('empty'))) entries.push({ kind: 'empty', label: chartsNl.mapNoRespondents, color: NO_RESPONDENTS });
  return entries;
}

/** An area's text for one benchmark: 'Centrum: 7,4 (n = 212)', or why there is no number. */
export function areaText(spec: ChartSpec, a: MapSpecArea, k: number): string {
  const state = a.states[k];
  if (state === 'withheld') return `${a.name}: ${chartsNl.mapTooFew}`;
  if (state !== 'value') return `${a.name}: ${chartsNl.mapNoRespondents}`;
  const n = a.counts[k];
  const margin = a.margins[k];
  return `${a.name}: ${formatCell(spec, a.values[k] ?? null)}${n !== null && n !== undefined ? ` (${nText(spec, n, ' = ')})` : ''}${spec.showMarginOfError && margin !== null && margin !== undefined ? `, ${chartsNl.margin(formatNumber(margin, 1))}` : ''}`;
}

/** The short label written on an area (when it fits and 'Toon waarden' is on). */
export function areaLabel(spec: ChartSpec, a: MapSpecArea, k: number, scale: number): string | null {
  if (spec.showValues === false || a.states[k] !== 'value' || !a.fits || scale < 0.55) return null;
  return shortValueText(spec, a.values[k] ?? null);
}
