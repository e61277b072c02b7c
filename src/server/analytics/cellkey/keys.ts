import { type Bitset, edgeMask } from '../bitset';
import { AnalyticsError, type Cube, type Planes } from '../cube';

/**
 * Cell keys (docs/perturbation.md): every response has a fixed random 32-bit record key (stored
 * with the response, carried in the cube as `recordKeys`, in row order); a cell's key is the sum
 * of its members' record keys modulo 2³². The same members give the same key, whatever request,
 * order or user asked for them. Sums are taken per set bit of the cell's word (a Uint32Array
 * accumulator wraps modulo 2³² by itself).
 */
export function recordKeysOf(cube: Cube): Uint32Array {
  if (!cube.recordKeys || cube.recordKeys.length !== cube.rowCount) throw new AnalyticsError('BAD_CUBE', 'cube without record keys');
  return cube.recordKeys;
}

/** Key of the rows of `bits` (∧ `and`, when given) within [lo, hi). */
export function keySum(keys: Uint32Array, bits: Bitset, lo: number, hi: number, and?: Bitset): number {
  if (hi <= lo) return 0;
  const acc = new Uint32Array(1);
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let s = 0;
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (and) x &= and[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (x === 0) continue;
    const base = w << 5;
    while (x !== 0) {
      const t = x & -x;
      s += keys[base + 31 - Math.clz32(t)]!;
      x ^= t;
    }
    // Fold every word: s stays far below 2^53.
    acc[0] = s;
    s = acc[0]!;
  }
  return s >>> 0;
}

/**
 * Keys per code (index = code, 0 = no answer) of a bit-sliced column over the rows of `bits`
 * within [lo, hi): each member's code is read from the planes and its record key added to its code.
 */
export function codeKeySums(keys: Uint32Array, planes: Planes, codes: number, bits: Bitset, lo: number, hi: number): Uint32Array {
  const out = new Uint32Array(codes + 1);
  if (hi <= lo) return out;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const b = planes.length;
  const pw = new Int32Array(b);
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (x === 0) continue;
    let any = 0;
    for (let j = 0; j < b; j++) any |= pw[j] = planes[j]![w]!;
    x &= any;
    const base = w << 5;
    while (x !== 0) {
      const t = x & -x;
      const i = 31 - Math.clz32(t);
      let c = 0;
      for (let j = 0; j < b; j++) c |= ((pw[j]! >>> i) & 1) << j;
      out[c] = out[c]! + keys[base + i]!;
      x ^= t;
    }
  }
  return out;
}

/** fmix32 of MurmurHash3: a derived key, independent-looking, for a second noise draw of the same cell. */
export function derivedKey(key: number, salt: number): number {
  let h = (key ^ salt) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
