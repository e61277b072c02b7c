import { type Accuracy, marginOfError } from './margin-of-error';
import type { OptionStat, Stats } from './types';

/** Code (and, on the client, label "Overig") of the bucket that gathers rare short-text answers. */
export const OTHER_CODE = '__other__';

/**
 * Short-text answers are free text: a value given by a few respondents can identify them by its
 * wording alone, so the whole dictionary must not be listed. Over the released cells of one data
 * location (benchmarks and time buckets that are not suppressed):
 *
 * 1. A value is listed as its own code only when its count is 0 or ≥ min_n in every released cell
 *    and ≥ min_n in at least one. Every other value is folded into `__other__` in every cell, so
 *    the codes stay shared by all cells (and its text is never sent).
 * 2. `__other__` never shows a count between 1 and min_n − 1 either: in a cell where it would, the
 *    listed value with the smallest positive count there is folded in as well (for every cell),
 *    until no cell has a small remainder. Merely hiding a small "Overig" would protect nothing: it
 *    equals `answered` minus the listed counts, and released cells have `answered` ≥ min_n.
 *
 * So every released count is 0 or ≥ min_n. `__other__` is listed last, and only when some cell
 * has answers in it. Cells' options are rewritten in place; returns the shared codes.
 */
export function foldShortText(dictionary: string[], cells: Stats[], minN: number, accuracy?: Accuracy): string[] {
  const listed = dictionary.map((_, i) => cells.some((s) => s.options[i]!.count >= minN) && cells.every((s) => s.options[i]!.count === 0 || s.options[i]!.count >= minN));
  const other = (s: Stats) => s.options.reduce((n, o, i) => (listed[i] ? n : n + o.count), 0);
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of cells) {
      const rest = other(s);
      if (rest === 0 || rest >= minN) continue;
      let pick = -1;
      s.options.forEach((o, i) => {
        if (listed[i] && o.count > 0 && (pick < 0 || o.count <= s.options[pick]!.count)) pick = i;
      });
      if (pick < 0) continue; // everything is folded already: rest = answered
      listed[pick] = false;
      changed = true;
    }
  }
  const withOther = cells.some((s) => other(s) > 0);
  for (const s of cells) {
    const count = other(s);
    const kept = s.options.filter((_, i) => listed[i]);
    // Weighted cells (issue 31): the bucket's share is its weighted count over the weighted base.
    const weighted = s.weightedBase !== undefined;
    const weightedCount = weighted ? s.options.reduce((n, o, i) => (listed[i] ? n : n + (o.weightedCount ?? 0)), 0) : 0;
    const share = weighted ? (s.weightedBase! > 0 ? weightedCount / s.weightedBase! : null) : s.base > 0 ? count / s.base : null;
    const bucket: OptionStat = {
      code: OTHER_CODE,
      count,
      ...(weighted ? { weightedCount } : {}),
      percentage: share === null ? null : share * 100,
      marginOfError: share === null ? null : marginOfError(weighted ? s.effectiveN! : s.base, accuracy, Math.min(share, 1)),
      empty: count === 0,
      low: count > 0 && count < minN,
    };
    s.options = withOther ? [...kept, bucket] : kept;
  }
  return [...dictionary.filter((_, i) => listed[i]), ...(withOther ? [OTHER_CODE] : [])];
}
