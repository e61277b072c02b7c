import { countRange } from './bitset';
import { type BenchmarkInput, type FilterCategory, type Frame, type Group, type ReportScope, compileBenchmark, frameOf, selectionOf } from './benchmarks';
import type { Cube } from './cube';
import { neighbourDiffs, rangeLeak, selectionLeak } from './neighbours';
import { cellKeyGroupSize } from './cellkey/report';

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
 * A count is the size of a group — the option alone, or with the other categories' choices — and
 * is released only when that group could be released as a benchmark: at least min_n and no
 * neighbour within 1 … min_n−1 (neighbours.ts). So no withheld count equals a released count
 * minus other released counts (README, "sums").
 */
export interface FilterOptionState {
  optionId: number;
  categoryId: number;
  selected: boolean;
  /** Respondents of the benchmark date range matching this option alone; null when withheld. */
  soloCount: number | null;
  /** Respondents matching this option AND the selections of the other categories; null when withheld. */
  combinedCount: number | null;
  /** combinedCount is 0. */
  empty: boolean;
  /** combinedCount is below min_n (includes empty): choosing it gives a suppressed group. */
  risky: boolean;
  /** combinedCount is min_n or more but withheld: releasing it would let a smaller group be derived. */
  withheld: boolean;
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

/** Whether a group's size may be shown on its own: R1 and the neighbour rule in the group pass. */
export function sizeReleasable(cube: Cube, catalog: FilterCategory[], g: Group, frame: Frame, minN: number): boolean {
  if (minN <= 1) return true;
  const A = frame.universe;
  if (countRange(g.bits, g.lo, g.hi) < minN) return false;
  if (frame.rules.dateFilter && rangeLeak(cube, frame, g.sel, A, g.lo, g.hi, minN)) return false;
  return !selectionLeak(neighbourDiffs(cube, catalog, g, frame), A, g.lo, g.hi, minN);
}

export function computeFilterStates(cube: Cube, catalog: FilterCategory[], benchmark: BenchmarkInput, report: ReportScope, settings: FilterSettings): FilterOptionState[] {
  const frame = frameOf(cube, report);
  const selection = selectionOf(catalog, benchmark.filterOptionIds);
  const minN = Math.max(settings.minN, 0);
  const out: FilterOptionState[] = [];
  const group = (ids: number[]) => compileBenchmark(cube, catalog, { ...benchmark, filterOptionIds: ids }, report, frame);
  for (const cat of catalog) {
    // The other categories' selections: what choosing an option of this category would combine with.
    const others = [...selection].filter(([c]) => c !== cat.id).flatMap(([, ids]) => ids);
    for (const o of cat.options) {
      const solo = group([o.id]);
      const combined = others.length ? group([...others, o.id]) : solo;
      const soloSize = countRange(solo.bits, solo.lo, solo.hi);
      const size = others.length ? countRange(combined.bits, combined.lo, combined.hi) : soloSize;
      const selected = (selection.get(cat.id) ?? []).includes(o.id);
      const empty = size === 0;
      const risky = size < minN;
      // Cell-key mode: R1 only, and the counts are published perturbed (the same as the group's size anywhere).
      const cellkey = report.protection === 'cellkey';
      const combinedShown = !risky && (cellkey || sizeReleasable(cube, catalog, combined, frame, minN));
      const soloShown = soloSize >= minN && (cellkey || (combined === solo ? combinedShown : sizeReleasable(cube, catalog, solo, frame, minN)));
      const modeOk = allowedByMode(settings.modeSelection ?? selection, cat.id, o.id, settings.multipleFilters);
      out.push({
        optionId: o.id,
        categoryId: cat.id,
        selected,
        soloCount: !soloShown ? null : cellkey ? cellKeyGroupSize(cube, solo, minN) : soloSize,
        combinedCount: !combinedShown ? null : cellkey ? cellKeyGroupSize(cube, combined, minN) : size,
        empty,
        risky,
        withheld: !risky && !combinedShown,
        allowedByMode: modeOk,
        disabled: !selected && (empty || !modeOk || (!!settings.hideRiskyFilters && risky)),
        hidden: !selected && empty && !!settings.hideEmptyFilters,
      });
    }
  }
  return out;
}
