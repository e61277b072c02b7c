import { wrap } from '../../shared/chart/svg/frame';

// Without a canvas to measure with (tests, server), text is sized by an average glyph width of
// the 11px axis font.
const CHAR_PX = 6.2;
const GAP_PX = 8;
// 'jan 2026', 'K1 2026', 'week 5 2026', '5 jan 2026' → short part + year (see shared/chart/periods.ts).
const WITH_YEAR = /^(.*\S)\s+(\d{4})$/;

export type Measure = (text: string) => number;
export const byChars: Measure = (t) => t.length * CHAR_PX;

export interface CategoryTicks {
  /** Category indexes that get a label. */
  ticks: number[];
  /** Label per tick (may hold '\n' for a second line). */
  values: string[];
  /** Most lines of any label, to size the axis. */
  lines: number;
}

/** `text` cut with '…' until it measures at most `room` pixels. */
function fit(text: string, room: number, measure: Measure): string {
  if (measure(text) <= room) return text;
  let t = text;
  while (t.length > 1 && measure(`${t}…`) > room) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

/**
 * Labels of a horizontal category axis that never overlap at `plotWidth` CSS pixels. A time axis
 * keeps every label on one short line ('jan', 'feb'…) with the year underneath only on the first
 * label and where the year changes, and labels every 2nd/3rd… period when they would not fit.
 * Other categories each keep a label over at most two lines, cut with '…' only when a word is
 * wider than its column; when columns are too narrow for any word, every n-th one is labelled.
 */
export function categoryTicks(labels: string[], timeAxis: boolean, plotWidth: number, measure: Measure = byChars): CategoryTicks {
  const n = labels.length;
  if (!n) return { ticks: [], values: [], lines: 1 };
  const slot = Math.max(1, plotWidth) / n;
  if (timeAxis) return timeTicks(labels, slot, measure);
  const minRoom = measure('Abcde…');
  const step = Math.max(1, Math.ceil((minRoom + GAP_PX) / slot));
  const room = slot * step - GAP_PX;
  const ticks = labels.map((_, i) => i).filter((i) => i % step === 0);
  const values = ticks.map((i) => {
    const l = labels[i]!;
    if (measure(l) <= room) return l;
    // Wrap by words (at a char count the room roughly holds), then make sure each line fits.
    const lines = wrap(l, Math.max(4, Math.floor(room / (measure(l) / l.length))));
    const two = lines.length > 2 ? [lines[0]!, lines.slice(1).join(' ')] : lines;
    return two.map((x) => fit(x, room, measure)).join('\n');
  });
  return { ticks, values, lines: Math.max(...values.map((v) => v.split('\n').length)) };
}

function timeTicks(labels: string[], slot: number, measure: Measure): CategoryTicks {
  const parts = labels.map((l) => WITH_YEAR.exec(l));
  const split = parts.every(Boolean);
  const short = split ? parts.map((m) => m![1]!) : labels;
  const widest = Math.max(...short.map(measure), split ? measure('2026') : 0);
  const step = Math.max(1, Math.ceil((widest + GAP_PX) / slot));
  const ticks = labels.map((_, i) => i).filter((i) => i % step === 0);
  let year = '';
  const values = ticks.map((i) => {
    if (!split) return short[i]!;
    const y = parts[i]![2]!;
    const text = y !== year ? `${short[i]}\n${y}` : short[i]!;
    year = y;
    return text;
  });
  return { ticks, values, lines: split ? 2 : 1 };
}

let ctx: CanvasRenderingContext2D | null | undefined;
/** Measures with a canvas in the axis font (falls back to the average glyph width). */
export function canvasMeasure(font: string): Measure {
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return byChars;
  const c = ctx;
  return (t) => {
    c.font = font;
    return c.measureText(t).width;
  };
}
