import type { CellAnswer, DataLocationAnswer, StatsAnswer } from '../../src/shared/chart-spec';

/** Stats of one released group from option counts (base = sum, i.e. single choice). */
export function stats(counts: number[], codes: string[], extra: Partial<StatsAnswer> = {}): StatsAnswer {
  const base = counts.reduce((a, b) => a + b, 0);
  return {
    groupSize: base,
    answered: base,
    answers: base,
    base,
    options: counts.map((count, i) => ({ code: codes[i]!, count, percentage: base ? (count / base) * 100 : null, empty: count === 0, low: count > 0 && count < 10 })),
    scored: base,
    mean: null,
    topBox: null,
    bottomBox: null,
    nps: null,
    ...extra,
  };
}

export const cell = (label: string, counts: number[], codes: string[], extra: Partial<StatsAnswer> = {}): CellAnswer => ({ label, suppressed: false, stats: stats(counts, codes, extra) });
export const hidden = (label: string, reason = 'group_below_min_n'): CellAnswer => ({ label, suppressed: true, reason });

export function location(id: number, codes: string[], benchmarks: CellAnswer[], more: Partial<DataLocationAnswer> = {}): DataLocationAnswer {
  return { id, columnKey: `q${id}`, kind: 'single', codes, benchmarks, question: `Vraag ${id}`, labels: codes.map((c) => `Optie ${c}`), ...more };
}
