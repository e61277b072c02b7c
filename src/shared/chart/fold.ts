import { chartsNl } from '../i18n/charts';
import type { Matrix, RawSeries } from './matrices';
import type { DataLocationAnswer } from './types';

/** Key suffix of a folded 'Overig' category or segment: sorting keeps it last, colours make it grey. */
export const FOLD = '__overig__';
export const FOLD_COLOR = '#9ca3af';
export const isFold = (key: string) => key.endsWith(FOLD);

const sum = (xs: (number | null | undefined)[]): number | null => (xs.some((x) => x === null || x === undefined) ? null : xs.reduce<number>((a, x) => a + x!, 0));

/**
 * 'Maximaal aantal categorieën' on a chart of answer options (categories = options, series =
 * benchmarks): per data location the `max` answers chosen most stay, the rest become one category
 * 'Overig'. Privacy: only numbers the engine released are used — a folded cell is the sum of
 * released cells of one released group, so it reveals nothing that subtraction of shown numbers
 * could not; where any folded cell of a group has no released number, that group's 'Overig' has
 * none either (suppressed), never base minus the shown answers. Multiple choice: shares of
 * respondents do not add up (one person can pick two folded answers), so the rest is left out with
 * a note instead of a wrong sum.
 */
export function foldCategories(m: Matrix, locs: DataLocationAnswer[], max: number, byCount: boolean): void {
  const locOf = new Map<string, number>(locs.flatMap((l, li) => l.codes.map((code) => [`${l.id}:${code}`, li] as const)));
  const groups = new Map<number, number[]>();
  m.categories.forEach((c, i) => {
    const li = locOf.get(c.key);
    if (li === undefined) return;
    const idx = groups.get(li);
    if (idx) idx.push(i);
    else groups.set(li, [i]);
  });
  const open = m.series.filter((s) => !s.suppressed && s.counts);
  const keepIdx: number[] = [];
  const folds: { after: number; idx: number[]; loc: DataLocationAnswer }[] = [];
  const many = locs.length > 1;
  for (const [li, idx] of [...groups].sort((a, b) => a[0] - b[0])) {
    if (idx.length <= max) {
      keepIdx.push(...idx);
      continue;
    }
    // Rank by released counts only (all benchmarks together); ties keep the questionnaire order.
    // A question's own 'Overig' answer goes into the fold, so there is one 'Overig'.
    const total = (i: number) => open.reduce((a, s) => a + (s.counts![i] ?? 0), 0);
    const single = locs[li]!.kind === 'single';
    const own = (i: number) => single && /:(-oth-|__other__)$/.test(m.categories[i]!.key);
    const top = new Set(idx.filter((i) => !own(i)).sort((a, b) => total(b) - total(a) || a - b).slice(0, max));
    keepIdx.push(...idx.filter((i) => top.has(i)));
    const rest = idx.filter((i) => !top.has(i));
    if (single) folds.push({ after: keepIdx.length, idx: rest, loc: locs[li]! });
    else m.notes.push(chartsNl.foldLeftOut(rest.length, many ? `${locs[li]!.label || locs[li]!.subquestion || locs[li]!.question || ''}` : null));
  }
  const categories = keepIdx.map((i) => m.categories[i]!);
  const pick = <T>(xs: T[]) => keepIdx.map((i) => xs[i]!);
  const series: RawSeries[] = m.series.map((s) => ({ ...s, values: pick(s.values), counts: s.counts ? pick(s.counts) : null, margins: s.margins ? pick(s.margins) : s.margins }));
  // Insert each location's 'Overig' after its own answers (from the last location backwards, so positions hold).
  for (const fold of [...folds].reverse()) {
    categories.splice(fold.after, 0, { key: `${fold.loc.id}:${FOLD}`, label: many ? `${fold.loc.label || fold.loc.subquestion || fold.loc.question || ''}: ${chartsNl.other}` : chartsNl.other });
    m.series.forEach((s, k) => {
      const counts = s.suppressed || !s.counts ? null : sum(fold.idx.map((i) => s.counts![i]));
      const value = counts === null ? null : byCount ? counts : sum(fold.idx.map((i) => s.values[i]));
      series[k]!.values.splice(fold.after, 0, value);
      series[k]!.counts?.splice(fold.after, 0, value === null ? null : counts);
      series[k]!.margins?.splice(fold.after, 0, null);
    });
  }
  m.categories = categories;
  m.series = series;
}

/**
 * The same on a stacked chart, whose answer options are the segments (series) of each bar: the
 * `max` segments chosen most stay, the rest becomes one segment 'Overig' per bar — the sum of that
 * bar's released cells, or none when any of them has no released number. Multiple choice: left out with a note.
 */
export function foldSegments(m: Matrix, locs: DataLocationAnswer[], max: number): void {
  if (m.series.length <= max) return;
  const total = (s: RawSeries) => (s.counts ?? []).reduce<number>((a, c, ci) => a + (m.categories[ci]?.suppressed ? 0 : (c ?? 0)), 0);
  const top = new Set([...m.series].sort((a, b) => total(b) - total(a) || m.series.indexOf(a) - m.series.indexOf(b)).slice(0, max));
  const rest = m.series.filter((s) => !top.has(s));
  const kept = m.series.filter((s) => top.has(s));
  if (locs.some((l) => l.kind !== 'single')) {
    m.notes.push(chartsNl.foldLeftOut(rest.length, null));
    m.series = kept;
    return;
  }
  const values = m.categories.map((c, ci) => (c.suppressed ? null : sum(rest.map((s) => s.values[ci]))));
  const counts = m.categories.map((c, ci) => (c.suppressed || values[ci] === null ? null : sum(rest.map((s) => s.counts?.[ci]))));
  m.series = [...kept, { key: `o:${FOLD}`, label: chartsNl.other, values, counts, margins: values.map(() => null), n: null, suppressed: null }];
}
