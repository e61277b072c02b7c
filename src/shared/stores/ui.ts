import { persistedAtom } from './persisted';

/** Overview layout (spec 000 §4): 0 block grid, 1 table. Pages may force one. */
export type OverviewType = 0 | 1;
export const $overviewType = persistedAtom<OverviewType>('impulz.overviewType', 0);
/** Side navigation of group Beheerder: open (drawer) and collapsed to a rail (mini). */
export const $drawer = persistedAtom<boolean>('impulz.drawer', true);
export const $mini = persistedAtom<boolean>('impulz.mini', false);
/** Benchmark menu pinned; null = not chosen yet, which means pinned on xl screens (spec 000 §2.12). */
export const $benchmarkMenuPinned = persistedAtom<boolean | null>('impulz.benchmarkMenuPinned', null);

export function isBenchmarkMenuPinned(pinned: boolean | null, viewportWidth: number): boolean {
  return pinned ?? viewportWidth >= 1920;
}
