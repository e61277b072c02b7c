import { type Bitset, andCountRange } from './bitset';
import { type BenchmarkInput, type FilterCategory, dayRange, optionBitset, rowRange, selectionBitset, selectionOf } from './benchmarks';
import type { Cube } from './cube';

/** Report filter settings of spec 001 §3/§4. multipleFilters: 2 = one option per category, 3 = one category; else unlimited. */
export interface FilterSettings {
  minN: number;
  multipleFilters?: number | null;
  hideRiskyFilters?: boolean;
  hideEmptyFilters?: boolean;
  /**
   * The whole selection the multiple_filters mode is judged on, by category id. Defaults to the
   * benchmark's selection in this catalogue; a report over several surveys passes every survey's
   * selection (mode 3 allows one category in the whole report).
   */
  modeSelection?: Map<number, number[]>;
}

/**
 * Availability of one filter option for the benchmark being edited (spec 001 §4).
 * Counts below min_n are withheld (null): a count is itself a group size, and a count of a
 * filter on a question answer inside a small group would reveal that group's answers.
 */
export interface FilterOptionState {
  optionId: number;
  categoryId: number;
  selected: boolean;
  /** Rows of the benchmark date range matching this option alone; null when below min_n. */
  soloCount: number | null;
  /** Rows matching this option AND the selections of the other categories; null when below min_n. */
  combinedCount: number | null;
  /** combinedCount is 0. */
  empty: boolean;
  /** combinedCount is below min_n (includes empty). */
  risky: boolean;
  /** The report's multiple_filters mode allows choosing this option next to the current selection. */
  allowedByMode: boolean;
  /** Not selectable: empty, forbidden by the mode, or risky with hide_risky_filters. Selected options stay enabled. */
  disabled: boolean;
  /** Empty with hide_empty_filters (and not selected). */
  hidden: boolean;
}

/** Whether a selection respects the multiple_filters mode (the data call refuses one that does not). */
export function selectionAllowed(selection: Map<number, number[]>, mode: number | null | undefined): boolean {
  if (mode === 2) return [...selection.values()].every((ids) => ids.length <= 1);
  if (mode === 3) return selection.size <= 1;
  return true;
}

function allowedByMode(selection: Map<number, number[]>, categoryId: number, optionId: number, mode: number | null | undefined): boolean {
  const own = selection.get(categoryId) ?? [];
  if (own.includes(optionId)) return true;
  if (mode === 2) return own.length === 0;
  if (mode === 3) return [...selection.keys()].every((c) => c === categoryId);
  return true;
}

export function computeFilterStates(
  cube: Cube,
  catalog: FilterCategory[],
  benchmark: BenchmarkInput,
  report: { startDay?: number | null; endDay?: number | null },
  settings: FilterSettings,
): FilterOptionState[] {
  const [startDay, endDay] = dayRange(cube, benchmark.start, benchmark.end, report);
  const { lo, hi } = rowRange(cube, startDay, endDay);
  const selection = selectionOf(catalog, benchmark.filterOptionIds);
  const minN = Math.max(settings.minN, 0);
  const out: FilterOptionState[] = [];
  const range = selectionBitset(cube, catalog, new Map(), lo, hi);
  for (const cat of catalog) {
    // The other categories' selections: what choosing an option of this category would combine with.
    const others = new Map([...selection].filter(([c]) => c !== cat.id));
    const context: Bitset = others.size ? selectionBitset(cube, catalog, others, lo, hi) : range;
    for (const o of cat.options) {
      const bits = optionBitset(cube, { ...o, categoryId: cat.id });
      const solo = andCountRange(bits, range, lo, hi);
      const combined = andCountRange(bits, context, lo, hi);
      const selected = (selection.get(cat.id) ?? []).includes(o.id);
      const empty = combined === 0;
      const risky = combined < minN;
      const modeOk = allowedByMode(settings.modeSelection ?? selection, cat.id, o.id, settings.multipleFilters);
      out.push({
        optionId: o.id,
        categoryId: cat.id,
        selected,
        soloCount: solo < minN ? null : solo,
        combinedCount: risky ? null : combined,
        empty,
        risky,
        allowedByMode: modeOk,
        disabled: !selected && (empty || !modeOk || (!!settings.hideRiskyFilters && risky)),
        hidden: !selected && empty && !!settings.hideEmptyFilters,
      });
    }
  }
  return out;
}
