import { type Bitset, type Cube, type FilterCategory, answeredBits, compileBenchmark, computeReportData } from '../../src/server/analytics';
import { perturbCount, pRow } from '../../src/server/analytics/cellkey/ptable';
import { PTABLE_D } from '../../src/server/analytics/cellkey/ptable-data';
import { type DefLike, type Evaluation, type EvaluationOptions, seeded } from './attacker';

/** fmix32 of MurmurHash3: a per-respondent hash for member fingerprints. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The true counts a released count v of a released group can come from under the p-table of
 * min_n m: every t ≥ m (R1 released the group, so its true count is at least m) whose row gives
 * the noise v − t a non-zero probability.
 */
export function preimageOf(v: number, m: number): number[] {
  const out: number[] = [];
  for (let t = Math.max(m, v - PTABLE_D); t <= v + PTABLE_D; t++) {
    const row = pRow(t, m);
    const i = v - t - row.lo;
    if (i >= 0 && i < row.p.length && row.p[i]! > 0) out.push(t);
  }
  return out;
}

/**
 * The truth for the attacker's evaluation (issue 32): the exact count of any definition the
 * attacker recorded (the engine in suppress mode with no minimum: every group counted, nothing
 * withheld), a fingerprint of its members (to pool derivations of the same group), and the true
 * counts a released count can come from (suppress: itself; cell key: the p-table's preimage).
 */
export function cellKeyEvaluation(cube: Cube, catalog: FilterCategory[], minN: number, mode: 'suppress' | 'cellkey'): EvaluationOptions {
  const memo = new Map<string, number>();
  const prints = new Map<string, [number, number]>();
  const m = minN;
  const report = { minN: 1, protection: 'suppress' as const, dateFilter: true, dateGranularity: 'day' as const, includeIncomplete: false };
  const keyOf = (kind: string, def: DefLike) => `${kind}#${def.lo}-${def.hi}#${[...def.sel].map(([c, ids]) => `${c}:${ids.join('.')}`).join('|')}`;
  const bench = (def: DefLike) => ({ label: 'A', start: def.lo, end: def.hi, filterOptionIds: [...def.sel.values()].flat() });
  return {
    truth(kind, def) {
      const key = keyOf(kind, def);
      let n = memo.get(key);
      if (n === undefined) {
        const column = kind.startsWith('dl:') ? kind.slice(3) : null;
        const out = computeReportData(cube, { dataLocations: [{ id: 0, columnKey: column ?? cube.columns[0]!.key }], benchmarks: [bench(def)], filters: catalog, report });
        const cell = out.dataLocations[0]!.benchmarks[0]!;
        n = cell.suppressed ? 0 : column ? cell.stats.answered : cell.stats.groupSize;
        memo.set(key, n);
      }
      return n;
    },
    members(kind, def) {
      const key = keyOf(kind, def);
      let fp = prints.get(key);
      if (!fp) {
        const g = compileBenchmark(cube, catalog, bench(def), report);
        const answered: Bitset | null = kind.startsWith('dl:') ? answeredBits(cube.byKey.get(kind.slice(3))!) : null;
        let a = 0;
        let b = 0;
        for (let w = g.lo >>> 5; w <= (g.hi - 1) >>> 5 && g.hi > g.lo; w++) {
          let x = g.bits[w]! & (answered ? answered[w]! : -1);
          while (x !== 0) {
            const t = x & -x;
            const r = (w << 5) + 31 - Math.clz32(t);
            a = (a + mix(r * 2 + 1)) >>> 0;
            b = (b + mix(r * 2 + 0x9e3779b9)) >>> 0;
            x ^= t;
          }
        }
        prints.set(key, (fp = [a, b]));
      }
      return fp;
    },
    preimage: (v) => (mode === 'suppress' ? [v] : preimageOf(v, m)),
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
  /** Derivations whose true value is a small group (1 … m−1). */
  derivations: number;
  /** Distinct small groups they target. */
  targets: number;
  /** Derivations whose derived value equals the truth. */
  exact: number;
  /** Mean of designedExact over the derivations: the share the p-table lets come out exact. */
  designed: number;
  /** Derivations whose own released numbers fit one value only. */
  certainAlone: number;
  /** Derivations whose group has one value left once every derivation of it (any kind) is pooled. */
  certain: number;
  /** Smallest and mean number of candidate values per target after pooling. */
  minCandidates: number;
  meanCandidates: number;
}

/**
 * Per attack kind: how often the derived value equals the truth, what the p-table designs for
 * that, and whether the attacker can be certain — the candidate values of each target (the group
 * the derivation is about) intersected over all derivations of it, of every kind: certain when
 * one value is left.
 */
export function summarise(evaluations: Evaluation[], m: number): KindSummary[] {
  const pooled = new Map<string, Set<number>>();
  for (const e of evaluations) {
    const prev = pooled.get(e.target);
    pooled.set(e.target, prev ? new Set(e.candidates.filter((x) => prev.has(x))) : new Set(e.candidates));
  }
  const kinds = [...new Set(evaluations.map((e) => e.kind))].sort();
  return kinds.map((kind) => {
    const list = evaluations.filter((e) => e.kind === kind);
    const targets = [...new Set(list.map((e) => e.target))];
    const sizes = targets.map((t) => pooled.get(t)!.size);
    return {
      kind,
      derivations: list.length,
      targets: targets.length,
      exact: list.filter((e) => e.exact).length,
      designed: list.reduce((s, e) => s + designedExact(e, m), 0) / Math.max(1, list.length),
      certainAlone: list.filter((e) => e.candidates.length === 1).length,
      certain: list.filter((e) => pooled.get(e.target)!.size === 1).length,
      minCandidates: sizes.length ? Math.min(...sizes) : 0,
      meanCandidates: sizes.length ? sizes.reduce((s, x) => s + x, 0) / sizes.length : 0,
    };
  });
}

/** What the averaging attacker gets for groups with `min` … `max` derivations. */
export interface AveragingSummary {
  /** Groups (distinct targets) with that many derivations, and their derivations. */
  targets: number;
  derivations: number;
  /** Groups whose rounded mean of derived values equals the truth. */
  exact: number;
  /** Expected number of such groups under the p-table (sum over groups of the designed probability). */
  designed: number;
  /** Binomial standard deviation of `exact` under the design (Σ p(1 − p)). */
  sd: number;
}

/**
 * The averaging attacker (docs/perturbation.md): for every small group with `min` … `max`
 * derivations, the mean of its derived values, rounded. Cell-key noise has mean 0, so the mean of
 * many different pairs around the same group closes in on the truth. `designed` is what the
 * p-table gives that attacker on the same derivations: each distinct released cell (its members)
 * draws its noise once through the p-table lookup with a random cell key — a cell shared by
 * several derivations shares its noise, as the cell key makes it — and the share of draws whose
 * rounded mean is the truth is the group's designed probability (Monte Carlo, `draws` per group, a
 * fixed seed; keys of different cells taken as independent, as `designedExact` does). The attacker
 * is never certain either way (the candidates still hold several values).
 */
export function averaging(evaluations: Evaluation[], m: number, min = 2, max = Infinity, draws = 400): AveragingSummary {
  const byTarget = new Map<string, Evaluation[]>();
  for (const e of evaluations) byTarget.set(e.target, [...(byTarget.get(e.target) ?? []), e]);
  const out: AveragingSummary = { targets: 0, derivations: 0, exact: 0, designed: 0, sd: 0 };
  const rng = seeded(0x2545f491);
  for (const list of byTarget.values()) {
    if (list.length < min || list.length > max) continue;
    const truth = list[0]!.truth;
    out.targets++;
    out.derivations += list.length;
    if (Math.round(list.reduce((s, e) => s + e.derived, 0) / list.length) === truth) out.exact++;
    const cells = new Map<string, number>();
    for (const e of list) for (const t of e.terms) cells.set(t.cell, t.truth);
    let hits = 0;
    const published = new Map<string, number>();
    for (let d = 0; d < draws; d++) {
      for (const [cell, n] of cells) published.set(cell, perturbCount(n, m, Math.floor(rng.next() * 4294967296)));
      let sum = 0;
      for (const e of list) for (const t of e.terms) sum += t.sign * published.get(t.cell)!;
      if (Math.round(sum / list.length) === truth) hits++;
    }
    const p = hits / draws;
    out.designed += p;
    out.sd += p * (1 - p);
  }
  out.sd = Math.sqrt(out.sd);
  return out;
}

/** The averaging attacker by number of derivations per group: 1, 2–4, 5–9, 10 or more. */
export const AVERAGING_BANDS: readonly [number, number][] = [
  [1, 1],
  [2, 4],
  [5, 9],
  [10, Infinity],
];

/** The averaging attacker per band of AVERAGING_BANDS, each computed once for the table and the checks. */
export function averagingBands(evaluations: Evaluation[], m: number): (AveragingSummary & { band: [number, number] })[] {
  return AVERAGING_BANDS.map(([lo, hi]) => ({ band: [lo, hi], ...averaging(evaluations, m, lo, hi) }));
}

/** Whether the measured share stays within the design: at most 3 standard deviations (plus 2 groups) above it. */
export const withinDesign = (a: AveragingSummary) => a.exact <= a.designed + 3 * a.sd + 2;

/** The averaging bands as a text table (bench and test messages). */
export function averagingTable(bands: ReturnType<typeof averagingBands>): string {
  const head = `${'derivations per group'.padEnd(23)}${'groups'.padStart(8)}${'exact'.padStart(7)}${'exact %'.padStart(9)}${'designed %'.padStart(11)}${'± sd'.padStart(7)}`;
  const lines = bands.map((a) => {
    const [lo, hi] = a.band;
    const pct = (x: number) => ((100 * x) / Math.max(1, a.targets)).toFixed(1);
    return `${(hi === Infinity ? `${lo} or more` : lo === hi ? `${lo}` : `${lo}–${hi}`).padEnd(23)}${String(a.targets).padStart(8)}${String(a.exact).padStart(7)}${pct(a.exact).padStart(9)}${pct(a.designed).padStart(11)}${pct(a.sd).padStart(7)}`;
  });
  return [head, ...lines].join('\n');
}

/** The summary as a text table (bench and test messages); the p-table's designed share applies to cell-key mode only. */
export function summaryTable(mode: string, rows: KindSummary[]): string {
  const head = `${'mode'.padEnd(9)}${'attack'.padEnd(14)}${'derivations'.padStart(12)}${'groups'.padStart(8)}${'exact'.padStart(7)}${'exact %'.padStart(9)}${'designed %'.padStart(11)}${'certain'.padStart(9)}${'min cand.'.padStart(10)}${'mean cand.'.padStart(11)}`;
  const lines = rows.map(
    (r) =>
      `${mode.padEnd(9)}${r.kind.padEnd(14)}${String(r.derivations).padStart(12)}${String(r.targets).padStart(8)}${String(r.exact).padStart(7)}${((100 * r.exact) / Math.max(1, r.derivations)).toFixed(1).padStart(9)}${(mode === 'suppress' ? '–' : (100 * r.designed).toFixed(1)).padStart(11)}${String(r.certain).padStart(9)}${String(r.minCandidates).padStart(10)}${r.meanCandidates.toFixed(1).padStart(11)}`,
  );
  return [head, ...lines].join('\n');
}
