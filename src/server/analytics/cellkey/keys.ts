import { type Bitset, edgeMask } from '../bitset';
import { AnalyticsError, type Cube, type Planes } from '../cube';
import { TREE_MAX, codeAt, split } from '../planes';

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
 * Keys per code (index = code; 0, no answer, is left 0) of a bit-sliced column over the rows of `bits`
 * within [lo, hi): per 32-row word the planes split the group's word into one mask per code (the
 * tree of planes.ts, as the counts use it) and each mask's rows add their record keys; above
 * TREE_MAX planes each member's code is decoded from the planes.
 */
export function codeKeySums(keys: Uint32Array, planes: Planes, codes: number, bits: Bitset, lo: number, hi: number): Uint32Array {
  const b = planes.length;
  const size = 1 << b;
  const out = new Uint32Array(Math.max(codes + 1, size));
  if (hi <= lo) return out;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const tree = new Int32Array(size << 1);
  const pw = new Int32Array(b);
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (x === 0) continue;
    const base = w << 5;
    if (b <= TREE_MAX) {
      split(planes, w, x, tree);
      // Code 0 (no answer) stays 0: no caller needs its key.
      for (let c = 1; c < size; c++) {
        let m = tree[size + c]!;
        if (m === 0) continue;
        let s = 0;
        while (m !== 0) {
          const t = m & -m;
          s += keys[base + 31 - Math.clz32(t)]!;
          m ^= t;
        }
        // A Uint32Array element wraps the (exact, < 2^53) sum modulo 2^32.
        out[c] = out[c]! + s;
      }
      continue;
    }
    let any = 0;
    for (let j = 0; j < b; j++) any |= pw[j] = planes[j]![w]!;
    x &= any;
    while (x !== 0) {
      const t = x & -x;
      const i = 31 - Math.clz32(t);
      out[codeAt(pw, i)] = out[codeAt(pw, i)]! + keys[base + i]!;
      x ^= t;
    }
  }
  return out;
}

const groupKeys = new WeakMap<Bitset, Map<string, number>>();

/** The key of a group (the same for every data location of a benchmark): remembered per group bitset, range and record keys. */
export function groupKey(keys: Uint32Array, bits: Bitset, lo: number, hi: number): number {
  let byRange = groupKeys.get(bits);
  if (!byRange) groupKeys.set(bits, (byRange = new Map()));
  const id = `${lo}:${hi}:${keysId(keys)}`;
  let hit = byRange.get(id);
  if (hit === undefined) byRange.set(id, (hit = keySum(keys, bits, lo, hi)));
  return hit;
}

const ids = new WeakMap<Uint32Array, number>();
let nextId = 0;
const keysId = (k: Uint32Array) => ids.get(k) ?? (ids.set(k, ++nextId), nextId);

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
