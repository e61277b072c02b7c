import { type Cube, type FilterCategory, type Granularity, computeFilterStates, computeReportData, dayFromIso, isoFromDay } from '../../src/server/analytics';
import type { AttackSetup, AttackTarget, DataLike, MenuLike } from './attacker';

/**
 * The attacker's target without HTTP: the engine on a cube, with a report's settings, as the data
 * and menu services call it (staff and public run the same engine, so both map here).
 */
export function engineTarget(cube: Cube, catalog: FilterCategory[], setup: AttackSetup, columns: string[]): AttackTarget {
  const report = {
    startDay: setup.period[0],
    endDay: setup.period[1],
    minN: setup.minN,
    multipleFilters: setup.multipleFilters ?? null,
    dateFilter: setup.dateFilter,
    dateGranularity: setup.granularity,
    protection: setup.protection ?? 'suppress',
  };
  const day = (iso: string | null | undefined) => (iso ? dayFromIso(iso) : null);
  const refuse = (b: { start?: string | null; end?: string | null }) => !setup.dateFilter && (!!b.start || !!b.end);
  return {
    async data(_via, body) {
      if (body.benchmarks.some(refuse)) return null;
      try {
        const out = computeReportData(cube, {
          dataLocations: columns.map((columnKey, i) => ({ id: i, columnKey })),
          benchmarks: body.benchmarks.map((b, i) => ({ label: String.fromCharCode(65 + i), start: day(b.start), end: day(b.end), filterOptionIds: b.filterOptions })),
          filters: catalog,
          report,
          granularity: (body.granularity as Granularity | undefined) ?? null,
        });
        return {
          benchmarks: out.benchmarks.map((b, i) => ({ start: isoFromDay(b.startDay), end: isoFromDay(b.endDay), filterOptions: body.benchmarks[i]!.filterOptions })),
          dataLocations: out.dataLocations.map((d) => ({ columnKey: d.columnKey, benchmarks: d.benchmarks as DataLike['dataLocations'][number]['benchmarks'] })),
        };
      } catch {
        return null;
      }
    },
    async menu(body) {
      if (refuse(body)) return null;
      const bench = { label: '', start: day(body.start), end: day(body.end), filterOptionIds: body.selectedFilterOptions };
      let states;
      try {
        states = computeFilterStates(cube, catalog, bench, report, { minN: setup.minN, multipleFilters: setup.multipleFilters });
      } catch {
        return null;
      }
      // The range the counts are for (the menu answers it, snapped), taken from a data call of the same benchmark.
      const echo = computeReportData(cube, { dataLocations: [], benchmarks: [{ ...bench, label: 'A' }], filters: catalog, report });
      const b = echo.benchmarks[0]!;
      const answer: MenuLike = { start: isoFromDay(b.startDay), end: isoFromDay(b.endDay), options: states.map((s) => ({ id: s.optionId, categoryId: s.categoryId, soloCount: s.soloCount, combinedCount: s.combinedCount })) };
      return answer;
    },
  };
}
