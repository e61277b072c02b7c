import { describe, expect, it } from 'vitest';
import { type Bitset, type ColumnDef, type Cube, CubeBuilder, answeredBits, clipToRange, hasBit, numericValues, planeCodes, universeBits } from '../../../src/server/analytics';
import { BLOCK_ROWS } from '../../../src/server/analytics/block-sums';
import { cellKeysOf } from '../../../src/server/analytics/cellkey/perturb';
import { weightedSums } from '../../../src/server/analytics/weighted';
import { prng } from './generate';

/**
 * Block sums (block-sums.ts) and the one-pass member walks must give exactly the cell keys of a
 * plain walk over the members (sums of record keys modulo 2³², bit-identical), and the weighted
 * sums of a plain row-by-row sum (to Float64 rounding), for sets of every density: whole blocks
 * equal to the universe, the universe with a few rows missing, sparse filters, ranges that cut
 * blocks; on the first call (blocks filled) and on later calls (blocks kept).
 */
const ROWS = 6 * BLOCK_ROWS + 437;

function cubeOf(seed: number): Cube {
  const rnd = prng(seed).next;
  const defs: ColumnDef[] = [
    { key: 's3', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
    { key: 's4', kind: 'single', options: Array.from({ length: 11 }, (_, i) => ({ code: String(i) })) },
    { key: 's1', kind: 'single', options: [{ code: 'ja' }] },
    { key: 's6', kind: 'single', options: Array.from({ length: 40 }, (_, i) => ({ code: `c${i}` })) },
    { key: 's7', kind: 'single', options: Array.from({ length: 90 }, (_, i) => ({ code: `d${i}` })) },
    { key: 'm', kind: 'multi', options: ['A', 'B', 'C'].map((code) => ({ code })) },
    { key: 'n', kind: 'numeric' },
  ];
  const b = new CubeBuilder(1, 1, defs);
  for (let id = 1; id <= ROWS; id++) {
    b.setDay(id, 20_000 + Math.floor(rnd() * 400), rnd() > 0.03);
    if (rnd() > 0.1) b.setValue(id, 's3', String(1 + Math.floor(rnd() * 5)));
    if (rnd() > 0.1) b.setValue(id, 's4', String(Math.floor(rnd() * 11)));
    if (rnd() > 0.5) b.setValue(id, 's1', 'ja');
    if (rnd() > 0.1) b.setValue(id, 's6', `c${Math.floor(rnd() * 40)}`);
    if (rnd() > 0.1) b.setValue(id, 's7', `d${Math.floor(rnd() * 90)}`);
    for (const o of ['A', 'B', 'C']) if (rnd() < 0.4) b.setValue(id, 'm', o);
    if (rnd() > 0.2) b.setValue(id, 'n', Math.floor(rnd() * 12));
  }
  return b.build().cube;
}

/** Sets drawn from the universe: all of it, all but a few rows, and sparse ones, within a range. */
function groupsOf(cube: Cube, universe: Bitset, rnd: () => number): { bits: Bitset; lo: number; hi: number }[] {
  const out: { bits: Bitset; lo: number; hi: number }[] = [];
  for (const density of [1, 0.999, 0.5, 0.1]) {
    for (let k = 0; k < 3; k++) {
      const bits = Uint32Array.from(universe);
      if (density < 1) for (let r = 0; r < cube.rowCount; r++) if (rnd() > density) bits[r >>> 5]! &= ~(1 << (r & 31));
      const lo = k === 0 ? 0 : Math.floor(rnd() * BLOCK_ROWS * 2);
      const hi = k === 0 ? cube.rowCount : cube.rowCount - Math.floor(rnd() * BLOCK_ROWS * 2);
      out.push({ bits: clipToRange(bits, lo, hi), lo, hi });
    }
  }
  return out;
}

const members = (g: { bits: Bitset; lo: number; hi: number }, and?: Bitset) => {
  const rows: number[] = [];
  for (let r = g.lo; r < g.hi; r++) if (hasBit(g.bits, r) && (!and || hasBit(and, r))) rows.push(r);
  return rows;
};
const keyOf = (keys: Uint32Array, rows: number[]) => rows.reduce((s, r) => (s + keys[r]!) % 4294967296, 0);

describe('block sums and member walks', () => {
  for (const seed of [3, 17]) {
    const cube = cubeOf(seed);
    const keys = cube.recordKeys!;
    const rnd = prng(seed * 7 + 1).next;
    const weights = Float32Array.from({ length: cube.rowCount }, () => 0.2 + rnd() * 3);

    it(`cell keys equal the plain sum of members' keys modulo 2³² (seed ${seed}), first and later calls, with and without the universe`, () => {
      for (const includeIncomplete of [false, true]) {
        const base = universeBits(cube, includeIncomplete);
        for (const g of groupsOf(cube, base, rnd)) {
          const rows = members(g);
          for (const col of cube.columns) {
            const expected: number[] = [];
            if (col.kind === 'single') {
              const codes = planeCodes(col.planes, cube.rowCount);
              for (let c = 1; c <= col.codes.length; c++) expected.push(keyOf(keys, rows.filter((r) => codes[r] === c)));
            } else if (col.kind === 'multi') {
              for (const o of col.optionBits) expected.push(keyOf(keys, members(g, o)));
            }
            const answered = keyOf(keys, members(g, answeredBits(col)));
            for (let call = 0; call < 2; call++) {
              for (const b of [base, null]) {
                const k = cellKeysOf(col, keys, g.bits, g.lo, g.hi, false, b);
                expect(k.group).toBe(keyOf(keys, rows));
                expect(k.answered).toBe(answered);
                expect(Array.from(k.options)).toEqual(expected);
              }
            }
          }
        }
      }
    });

    it(`cell keys from contiguous parts (trend buckets) equal the plain sums, NPS of numeric columns included (seed ${seed})`, () => {
      const base = universeBits(cube, false);
      for (const g of groupsOf(cube, base, rnd)) {
        // Cuts anywhere in the range (inside blocks, on block edges, empty parts), as buckets fall.
        const cuts = [g.lo, g.hi, g.lo, ...Array.from({ length: 5 }, () => g.lo + Math.floor(rnd() * (g.hi - g.lo))), g.lo + BLOCK_ROWS].filter((c) => c <= g.hi).sort((a, b) => a - b);
        const parts = cuts.slice(1).map((hi, i) => ({ lo: cuts[i]!, hi }));
        for (const col of cube.columns) {
          for (const nps of [false, true]) {
            const whole = cellKeysOf(col, keys, g.bits, g.lo, g.hi, nps, null);
            expect(whole.group).toBe(keyOf(keys, members(g)));
            // Without the universe nothing is kept, so the parts are always summed; with it, the first call sums them.
            for (const b of [null, base]) expect(cellKeysOf(col, keys, g.bits, g.lo, g.hi, nps, b, parts)).toEqual(whole);
          }
        }
      }
    });

    it(`weighted sums equal a row-by-row sum (seed ${seed}), first and later calls, with and without the universe`, () => {
      const base = universeBits(cube, false);
      const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
      for (const g of groupsOf(cube, base, rnd)) {
        const rows = members(g);
        for (const col of cube.columns) {
          const w = (rs: number[]) => [rs.reduce((s, r) => s + weights[r]!, 0), rs.reduce((s, r) => s + weights[r]! ** 2, 0)] as const;
          const [group, groupSq] = w(rows);
          const ans = members(g, answeredBits(col));
          for (let call = 0; call < 2; call++) {
            for (const b of [base, null]) {
              const s = weightedSums(col, g.bits, g.lo, g.hi, weights, true, b);
              close(s.group, group);
              close(s.groupSq, groupSq);
              close(s.answered, w(ans)[0]);
              close(s.answeredSq, w(ans)[1]);
              if (col.kind === 'single') {
                const codes = planeCodes(col.planes, cube.rowCount);
                for (let c = 1; c <= col.codes.length; c++) {
                  const [e, e2] = w(rows.filter((r) => codes[r] === c));
                  close(s.perOption[c]!, e);
                  close(s.perOptionSq[c]!, e2);
                }
              } else if (col.kind === 'multi') {
                col.optionBits.forEach((o, i) => close(s.perOption[i]!, w(members(g, o))[0]));
              } else if (col.kind === 'numeric') {
                const v = numericValues(col);
                close(s.sum, ans.reduce((t, r) => t + weights[r]! * v[r]!, 0));
                close(s.sumSq, ans.reduce((t, r) => t + weights[r]! * v[r]! ** 2, 0));
                close(s.npsBase, ans.filter((r) => v[r]! <= 10).reduce((t, r) => t + weights[r]!, 0));
                close(s.promoters, ans.filter((r) => v[r]! >= 9 && v[r]! <= 10).reduce((t, r) => t + weights[r]!, 0));
                close(s.detractors, ans.filter((r) => v[r]! <= 6).reduce((t, r) => t + weights[r]!, 0));
              }
            }
          }
        }
      }
    });
  }
});
