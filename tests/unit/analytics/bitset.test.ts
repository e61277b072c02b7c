import { describe, expect, it } from 'vitest';
import {
  and,
  and3CountRange,
  andCountRange,
  andNot,
  clipToRange,
  collectRows,
  count,
  countRange,
  createBitset,
  forEachSet,
  hasBit,
  not,
  or,
  popcount32,
  rangeBitset,
  setBit,
} from '../../../src/server/analytics';
import { prng } from './generate';

function randomSet(rng: ReturnType<typeof prng>, n: number, p: number) {
  const rows = new Set<number>();
  const bs = createBitset(n);
  for (let r = 0; r < n; r++) if (rng.chance(p)) (rows.add(r), setBit(bs, r));
  return { rows, bs };
}

describe('bitset', () => {
  it('popcount32 counts bits of any 32-bit word', () => {
    const rng = prng(3);
    for (let i = 0; i < 2000; i++) {
      const x = Math.floor(rng.next() * 2 ** 32);
      expect(popcount32(x)).toBe(x.toString(2).split('').filter((c) => c === '1').length);
    }
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0)).toBe(0);
  });

  it('and/or/andNot/not and ranged counts agree with sets, including word edges', () => {
    const rng = prng(11);
    for (let round = 0; round < 300; round++) {
      const n = rng.int(0, 200);
      const a = randomSet(rng, n, rng.next());
      const b = randomSet(rng, n, rng.next());
      const c = randomSet(rng, n, rng.next());
      const lo = rng.int(0, n);
      const hi = rng.int(0, n);
      const inRange = (r: number) => r >= lo && r < hi;
      const rowsOf = (bs: Uint32Array) => [...Array(n).keys()].filter((r) => hasBit(bs, r));
      expect(rowsOf(and(a.bs, b.bs))).toEqual([...a.rows].filter((r) => b.rows.has(r)));
      expect(rowsOf(or(a.bs, b.bs))).toEqual([...Array(n).keys()].filter((r) => a.rows.has(r) || b.rows.has(r)));
      expect(rowsOf(andNot(a.bs, b.bs))).toEqual([...a.rows].filter((r) => !b.rows.has(r)));
      expect(count(not(a.bs, n))).toBe(n - a.rows.size);
      expect(countRange(a.bs, lo, hi)).toBe([...a.rows].filter(inRange).length);
      expect(andCountRange(a.bs, b.bs, lo, hi)).toBe([...a.rows].filter((r) => inRange(r) && b.rows.has(r)).length);
      expect(and3CountRange(a.bs, b.bs, c.bs, lo, hi)).toBe([...a.rows].filter((r) => inRange(r) && b.rows.has(r) && c.rows.has(r)).length);
      expect(count(rangeBitset(n, lo, hi))).toBe(Math.max(0, hi - lo));
      expect(rowsOf(clipToRange(Uint32Array.from(a.bs), lo, hi))).toEqual([...a.rows].filter(inRange));
      const out = new Int32Array(n);
      const k = collectRows(a.bs, lo, hi, out);
      expect([...out.subarray(0, k)]).toEqual([...a.rows].filter(inRange));
      const seen: number[] = [];
      forEachSet(a.bs, (r) => seen.push(r));
      expect(seen).toEqual([...a.rows]);
    }
  });
});
