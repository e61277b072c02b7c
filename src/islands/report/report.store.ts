import { atom, computed } from 'nanostores';
import * as rules from './benchmarks';
import { type Benchmark, type ReportLimits, emptyBenchmark } from './benchmarks';
import { readBenchmarks, withBenchmarks } from './url-state';

/**
 * State of the open report shared by its islands (side menu, view, summary, export): the
 * benchmarks (mirrored in the URL with history.replaceState) and which one the menu edits.
 */
export const $limits = atom<ReportLimits>({ benchmarkCount: 1, startDate: null, endDate: null });
export const $benchmarks = atom<readonly Benchmark[]>([emptyBenchmark()]);
export const $active = atom(0);
/** The request body's benchmarks; islands refetch when this changes. */
export const $requestBenchmarks = computed($benchmarks, (list) => rules.toRequest(list));
/** The report's filter options (the menu loads them): names for benchmarks without a label of their own. */
export const $catalog = atom<readonly rules.NamingCatalog[]>([]);
/** What every chart, table and the PDF call the benchmarks ('Alle respondenten', '65 jaar of ouder', or the user's label). */
export const $benchmarkNames = computed([$benchmarks, $catalog], (list, catalog) => rules.displayNames(list, catalog));
/** The export's benchmarks: as the data call, with the display names (the PDF's legends and cover). */
export const exportBenchmarks = () => rules.toRequest($benchmarks.get()).map((b, i) => ({ ...b, label: $benchmarkNames.get()[i] ?? b.label }));

let mirroring = false;
let initialised: number | null = null;

/** Reads the URL once per page (the first island of the report to start); later changes are written back to it. */
export function initReportState(reportId: number, limits: ReportLimits, search = typeof location === 'undefined' ? '' : location.search): void {
  if (initialised === reportId) return;
  initialised = reportId;
  $limits.set(limits);
  $benchmarks.set(rules.conformDates(readBenchmarks(search, limits), limits));
  $active.set(0);
  if (mirroring || typeof window === 'undefined') return;
  mirroring = true;
  const mirror = (list: readonly Benchmark[]) => {
    const next = withBenchmarks(location.href, list, $limits.get());
    if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
    carryToTabs(reportId, list);
  };
  $benchmarks.listen(mirror);
  carryToTabs(reportId, $benchmarks.get());
}

/** The view and summary tabs of this report keep the benchmarks when the user switches tab. */
function carryToTabs(reportId: number, list: readonly Benchmark[]): void {
  if (typeof document === 'undefined') return;
  const own = new RegExp(`/report/${reportId}(/view|/summary)?$`);
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (own.test(new URL(a.href, location.href).pathname)) a.setAttribute('href', withBenchmarks(a.getAttribute('href')!, list, $limits.get()));
  }
}

function set(list: readonly Benchmark[]): void {
  $benchmarks.set(rules.conformDates(list, $limits.get()));
  if ($active.get() >= list.length) $active.set(list.length - 1);
}

export const setActive = (index: number) => $active.set(Math.max(0, Math.min(index, $benchmarks.get().length - 1)));
export const replaceBenchmarks = (list: readonly Benchmark[]) => {
  set(list.length ? list.slice(0, rules.maxBenchmarks($limits.get())) : rules.removeAll());
  $active.set(0);
};
export function addBenchmark(): void {
  const next = rules.addBenchmark($benchmarks.get(), $limits.get());
  set(next);
  $active.set(next.length - 1);
}
export const removeBenchmark = (index: number) => set(rules.removeBenchmark($benchmarks.get(), index));
export function removeAllBenchmarks(): void {
  set(rules.removeAll());
  $active.set(0);
}
export function moveBenchmark(index: number, delta: -1 | 1): void {
  const list = $benchmarks.get();
  const next = rules.moveBenchmark(list, index, delta);
  if (next === list) return;
  set(next);
  if ($active.get() === index) $active.set(index + delta);
}
export const updateBenchmark = (index: number, patch: Partial<Benchmark>) => set(rules.updateBenchmark($benchmarks.get(), index, patch));
export const toggleFilterOption = (index: number, optionId: number) => set(rules.toggleOption($benchmarks.get(), index, optionId));
