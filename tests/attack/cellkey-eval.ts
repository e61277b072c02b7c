import { type Cube, type FilterCategory, computeReportData } from '../../src/server/analytics';
import { pRow } from '../../src/server/analytics/cellkey/ptable';
import { PTABLE_D } from '../../src/server/analytics/cellkey/ptable-data';
import type { Evaluation, EvaluationOptions } from './attacker';

/**
 * The truth and the p-table's preimages for the attacker's cell-key evaluation (issue 32): the
 * exact count of any definition the attacker recorded (the engine in suppress mode with no
 * minimum: every group counted, nothing withheld), and the true counts a released size can come
 * from. Released sizes are of groups R1 let through, so their true count is at least m.
 */
export function cellKeyEvaluation(cube: Cube, catalog: FilterCategory[], minN: number, mode: 'suppress' | 'cellkey'): EvaluationOptions {
  const memo = new Map<string, number>();
  const m = minN;
  return {
    truth(kind, def) {
      const key = `${kind}#${def.lo}-${def.hi}#${[...def.sel].map(([c, ids]) => `${c}:${ids.join('.')}`).join('|')}`;
      let n = memo.get(key);
      if (n === undefined) {
        const column = kind.startsWith('dl:') ? kind.slice(3) : null;
        const out = computeReportData(cube, {
          dataLocations: [{ id: 0, columnKey: column ?? cube.columns[0]!.key }],
          benchmarks: [{ label: 'A', start: def.lo, end: def.hi, filterOptionIds: [...def.sel.values()].flat() }],
          filters: catalog,
          report: { minN: 1, protection: 'suppress', dateFilter: true, dateGranularity: 'day', includeIncomplete: false },
        });
        const cell = out.dataLocations[0]!.benchmarks[0]!;
        n = cell.suppressed ? 0 : column ? cell.stats.answered : cell.stats.groupSize;
        memo.set(key, n);
      }
      return n;
    },
    interval: (v) => (mode === 'suppress' ? [v, v] : [Math.max(m, v - PTABLE_D), v + PTABLE_D]),
  };
}

/** The p-table's probability that a derivation comes out exact: P(Σ sign·noise = 0) over its terms' rows (independent keys). */
export function designedExact(e: Evaluation, m: number): number {
  let dist = new Map<number, number>([[0, 1]]);
  for (const t of e.terms) {
    const row = pRow(t.truth, m);
    const next = new Map<number, number>();
    for (const [s, p] of dist) row.p.forEach((q, i) => q > 0 && next.set(s + t.sign * (row.lo + i), (next.get(s + t.sign * (row.lo + i)) ?? 0) + p * q));
    dist = next;
  }
  return dist.get(0) ?? 0;
}

export interface KindSummary {
  kind: string;
  derivations: number;
  exact: number;
  certain: number;
  /** Mean of designedExact over the derivations: the share the p-table lets come out exact. */
  designed: number;
}

export function summarise(evaluations: Evaluation[], m: number): KindSummary[] {
  const kinds = [...new Set(evaluations.map((e) => e.kind))].sort();
  return kinds.map((kind) => {
    const list = evaluations.filter((e) => e.kind === kind);
    return {
      kind,
      derivations: list.length,
      exact: list.filter((e) => e.exact).length,
      certain: list.filter((e) => e.certain).length,
      designed: list.reduce((s, e) => s + designedExact(e, m), 0) / Math.max(1, list.length),
    };
  });
}
