import { COLOR_SCHEMES, PATTERNS } from '../lookups';
import type { Paint, PatternKey } from './types';

/** Perceived luminance (0–255) of a #rrggbb colour (ITU-R BT.601 weights). */
export function luminance(hex: string): number {
  const { r, g, b } = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Text on a fill: white when its luminance is under 160, else black (spec 001 §9). */
export function textColorFor(hex: string): '#ffffff' | '#000000' {
  return luminance(hex) < 160 ? '#ffffff' : '#000000';
}

function rgb(hex: string): { r: number; g: number; b: number } {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.padEnd(6, '0');
  return { r: parseInt(full.slice(0, 2), 16) || 0, g: parseInt(full.slice(2, 4), 16) || 0, b: parseInt(full.slice(4, 6), 16) || 0 };
}

const hex2 = (n: number) => Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, '0');

/** Colour at t ∈ [0, 1] along a scale, linear in RGB between neighbouring stops. */
function along(stops: readonly string[], t: number): string {
  if (stops.length === 1) return stops[0]!;
  const x = t * (stops.length - 1);
  const i = Math.min(Math.floor(x), stops.length - 2);
  const f = x - i;
  const a = rgb(stops[i]!);
  const b = rgb(stops[i + 1]!);
  return `#${hex2(a.r + (b.r - a.r) * f)}${hex2(a.g + (b.g - a.g) * f)}${hex2(a.b + (b.b - a.b) * f)}`;
}

/**
 * `count` colours of a scheme: loopable schemes repeat from the start; scales (not loopable)
 * stretch so the first and last item keep the scale's ends (a 3-point answer list on a
 * 5-point agree scale still runs from red to green). Unknown scheme → ImpulZ.
 */
export function schemeColors(schemeId: number | null | undefined, count: number): string[] {
  const scheme = COLOR_SCHEMES.find((s) => s.id === schemeId) ?? COLOR_SCHEMES[0];
  const colors = scheme.colors as readonly string[];
  if (scheme.loopable || count === colors.length) return Array.from({ length: count }, (_, i) => colors[i % colors.length]!);
  if (count === 1) return [colors[Math.floor((colors.length - 1) / 2)]!];
  return Array.from({ length: count }, (_, i) => along(colors, i / (count - 1)));
}

/** Patterns for `count` items, starting at the chart's pattern (or solid) and cycling through all. */
export function patternKeys(patternId: number | null | undefined, count: number): PatternKey[] {
  const start = Math.max(0, PATTERNS.findIndex((p) => p.id === patternId));
  return Array.from({ length: count }, (_, i) => PATTERNS[(start + i) % PATTERNS.length]!.key);
}

/**
 * Benchmarks are groups, not better or worse: a qualitative palette without red and green
 * (Okabe–Ito without its vermillion and bluish green, ImpulZ blue first), distinct under
 * deuteranopia and protanopia.
 */
export const BENCHMARK_COLORS = ['#1f4e79', '#e69f00', '#56b4e9', '#cc79a7', '#6b7280', '#f0e442', '#000000'] as const;
const GREY_SCHEME = 6;

/** Paints of benchmark series: the qualitative palette (the print scheme stays grey). */
export function benchmarkPaints(schemeId: number | null | undefined, patternId: number | null | undefined, count: number, usePatterns: boolean): Paint[] {
  if (schemeId === GREY_SCHEME) return paints(schemeId, patternId, count, usePatterns);
  const patterns = usePatterns ? patternKeys(patternId, count) : null;
  return Array.from({ length: count }, (_, i) => {
    const color = BENCHMARK_COLORS[i % BENCHMARK_COLORS.length]!;
    return { color, textColor: textColorFor(color), pattern: patterns ? patterns[i]! : null };
  });
}

/** Whether a scheme is a scale (diverging or sequential): only for answers with an order. */
export const isScaleScheme = (schemeId: number | null | undefined) => COLOR_SCHEMES.find((s) => s.id === schemeId)?.loopable === false;

/**
 * Paints of `count` answers (or categories) in their order. `reverse` ('Kleuren omkeren') runs the
 * scheme from its other end: on a scale from red to blue the first answer gets blue — for questions
 * whose first answer is the good one ('Nooit' to 'Hoe vaak voelt u zich onveilig?'). Patterns keep
 * their order.
 */
export function paints(schemeId: number | null | undefined, patternId: number | null | undefined, count: number, usePatterns: boolean, reverse = false): Paint[] {
  const colors = schemeColors(schemeId, count);
  if (reverse) colors.reverse();
  const patterns = usePatterns ? patternKeys(patternId, count) : null;
  return colors.map((color, i) => ({ color, textColor: textColorFor(color), pattern: patterns ? patterns[i]! : null }));
}
