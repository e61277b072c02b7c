import { PTABLE_D, PTABLE_ROWS } from './ptable-data';

/**
 * The perturbation table (p-table) of cell-key mode, for a report's min_n m (docs/perturbation.md).
 * A cell with true count n and cell key K (0 … 2³²−1) gets the noise whose cumulative interval
 * holds K: the interval [0, 2³²) is split in the row's probabilities, in order of the noise values.
 *
 * - n = 0: noise 0 (an empty cell stays empty).
 * - 1 ≤ n ≤ m−1: the count becomes 0 (probability 1 − n/m) or m (probability n/m): never 1 … m−1,
 *   and unbiased (mean n). This is the only unbiased choice on {0, m}, the two allowed values
 *   nearest to n, and has the smallest variance, n·(m−n), of all unbiased ones.
 * - n ≥ m: row k = min(n − m, D) of the committed table: noise −k … D (never below m), mean 0.
 */
export interface PRow {
  /** The smallest noise value of the row. */
  lo: number;
  /** Probabilities of the noise values lo, lo + 1, …. */
  p: readonly number[];
  /** Upper bounds of the cumulative intervals in key units (2³² = everything), non-decreasing. */
  bounds: Float64Array;
}

const TWO32 = 4294967296;

function withBounds(lo: number, p: readonly number[]): PRow {
  const bounds = new Float64Array(p.length);
  let cum = 0;
  for (let i = 0; i < p.length; i++) {
    cum += p[i]!;
    bounds[i] = i === p.length - 1 ? TWO32 : Math.round(cum * TWO32);
  }
  return { lo, p, bounds };
}

const LARGE: PRow[] = PTABLE_ROWS.map((r) => withBounds(r.lo, r.p));
const ZERO = withBounds(0, [1]);
const smallRows = new Map<number, PRow[]>();

/** The row of true count n for min_n m (rows of small counts are made once per m and kept). */
export function pRow(n: number, m: number): PRow {
  if (n <= 0) return ZERO;
  if (n >= m) return LARGE[Math.min(n - m, PTABLE_D)]!;
  let rows = smallRows.get(m);
  if (!rows) {
    rows = [];
    for (let i = 1; i < m; i++) {
      const p = new Array<number>(m + 1).fill(0);
      p[0] = 1 - i / m;
      p[m] = i / m;
      rows.push(withBounds(-i, p));
    }
    if (smallRows.size > 64) smallRows.clear();
    smallRows.set(m, rows);
  }
  return rows[n - 1]!;
}

/** The noise for true count n with cell key `key` (0 … 2³²−1) under min_n m. */
export function noiseOf(n: number, m: number, key: number): number {
  const row = pRow(n, m);
  const b = row.bounds;
  let i = 0;
  while (i < b.length - 1 && key >= b[i]!) i++;
  return row.lo + i;
}

/** The published count of a cell: its true count plus its noise (never 1 … m−1; 0 stays 0). */
export function perturbCount(n: number, m: number, key: number): number {
  // min_n of 1 (or less) means no small groups to hide; the table still applies with m = 1.
  return n + noiseOf(n, Math.max(1, m), key);
}
