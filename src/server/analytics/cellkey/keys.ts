import { type Bitset, edgeMask } from '../bitset';
import { WHOLE_GROUP, groupSums } from '../block-sums';
import { AnalyticsError, type Cube, type Planes } from '../cube';
import { TREE_MAX, codeAt, fourPlanes, split } from '../planes';

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

const u32 = (n: number) => new Uint32Array(n);

/**
 * Key of the rows of `bits` (∧ `and`, when given) within [lo, hi). With `base` (the report's
 * universe, which holds `bits`), blocks where `bits` equals it take their kept sums (block-sums.ts).
 */
export function keySum(keys: Uint32Array, bits: Bitset, lo: number, hi: number, and?: Bitset | null, base?: Bitset | null, keep = true): number {
  if (!base || hi <= lo) return keySumDirect(keys, bits, lo, hi, and);
  return groupSums(keys, and ?? WHOLE_GROUP, bits, base, lo, hi, 1, u32, (x, from, to, out, at) => void (out[at] = out[at]! + keySumDirect(keys, x, from, to, and)), keep)[0]!;
}

function keySumDirect(keys: Uint32Array, bits: Bitset, lo: number, hi: number, and?: Bitset | null): number {
  if (hi <= lo) return 0;
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
    // s stays an exact integer below 2^53 (ToUint32 of an exact integer is its value modulo 2^32).
    if ((w - w0) % FOLD_WORDS === FOLD_WORDS - 1) s = s % 4294967296;
  }
  return s >>> 0;
}

/**
 * Keys per code (index = code; 0, no answer, is left 0) of a bit-sliced column over the rows of `bits`
 * within [lo, hi): per 32-row word the planes split the group's word into one mask per code (the
 * tree of planes.ts, as the counts use it) and each mask's rows add their record keys; above
 * TREE_MAX planes each member's code is decoded from the planes. With `base`, as keySum.
 */
export function codeKeySums(keys: Uint32Array, planes: Planes, codes: number, bits: Bitset, lo: number, hi: number, base?: Bitset | null, keep = true): Uint32Array {
  return groupSums(keys, planes, bits, base, lo, hi, Math.max(codes + 1, 1 << planes.length), u32, (x, from, to, out, at) => codeKeyAdd(keys, planes, x, from, to, out, at), keep);
}

/**
 * Keys of a multiple-choice column over the rows of `bits` within [lo, hi): [answered, option 1, …]
 * (answered: rows with any option), in one pass over the group's words. With `base`, as keySum
 * (block sums kept under the column's option list; the result kept per group unless `keep` is false).
 */
export function optionKeySums(keys: Uint32Array, answered: Bitset, options: readonly Bitset[], bits: Bitset, lo: number, hi: number, base?: Bitset | null, keep = true): Uint32Array {
  return groupSums(keys, options, bits, base, lo, hi, options.length + 1, u32, (x, from, to, out, at) => optionKeyAdd(keys, answered, options, x, from, to, out, at), keep);
}

function optionKeyAdd(keys: Uint32Array, answered: Bitset, options: readonly Bitset[], bits: Bitset, lo: number, hi: number, out: Uint32Array, at: number): void {
  if (hi <= lo) return;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const n = options.length;
  const acc = new Float64Array(n + 1);
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (x === 0) continue;
    const base = w << 5;
    let m = x & answered[w]!;
    let s = 0;
    while (m !== 0) {
      s += keys[base + 31 - Math.clz32(m & -m)]!;
      m &= m - 1;
    }
    acc[0]! += s;
    for (let j = 0; j < n; j++) {
      m = x & options[j]![w]!;
      if (m === 0) continue;
      s = 0;
      while (m !== 0) {
        s += keys[base + 31 - Math.clz32(m & -m)]!;
        m &= m - 1;
      }
      acc[j + 1]! += s;
    }
    if ((w - w0) % FOLD_WORDS === FOLD_WORDS - 1) for (let j = 0; j <= n; j++) (out[at + j] = out[at + j]! + (acc[j]! % 4294967296)), (acc[j] = 0);
  }
  // A Uint32Array element wraps the (exact, < 2^53) sums modulo 2^32.
  for (let j = 0; j <= n; j++) out[at + j] = out[at + j]! + (acc[j]! % 4294967296);
}

/** Adds the keys per code of the rows of `bits` within [lo, hi) into out[at + code] (modulo 2³²). */
function codeKeyAdd(keys: Uint32Array, planes: Planes, bits: Bitset, lo: number, hi: number, out: Uint32Array, at: number): void {
  const b = planes.length;
  const size = 1 << b;
  if (hi <= lo) return;
  if (b >= 1 && b <= 4) return codeKeyAdd4(keys, planes, bits, lo, hi, out, at);
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
        out[at + c] = out[at + c]! + s;
      }
      continue;
    }
    let any = 0;
    for (let j = 0; j < b; j++) any |= pw[j] = planes[j]![w]!;
    x &= any;
    while (x !== 0) {
      const t = x & -x;
      const i = 31 - Math.clz32(t);
      const c = at + codeAt(pw, i);
      out[c] = out[c]! + keys[base + i]!;
      x ^= t;
    }
  }
}

/** Sums stay exact in a double below 2⁵³: fold them modulo 2³² every 2²⁰ words (2²⁵ rows of keys below 2³²). */
const FOLD_WORDS = 1 << 15;

/**
 * codeKeyAdd for 1 … 4 planes (up to 15 codes, most questions): each member's code is read from
 * the four plane words in locals, and its key added to a Float64 per code (exact), folded modulo
 * 2³² at the end. One pass over the members, no split into per-code masks.
 */
function codeKeyAdd4(keys: Uint32Array, planes: Planes, bits: Bitset, lo: number, hi: number, out: Uint32Array, at: number): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const [P0, P1, P2, P3] = fourPlanes(planes, w1 + 1);
  const acc = new Float64Array(16);
  const fold = () => {
    for (let c = 1; c < 16; c++) if (acc[c] !== 0) (out[at + c] = out[at + c]! + (acc[c]! % 4294967296)), (acc[c] = 0);
  };
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    const p0 = P0[w]!;
    const p1 = P1[w]!;
    const p2 = P2[w]!;
    const p3 = P3[w]!;
    // Code 0 (no answer) stays 0: no caller needs its key.
    x &= p0 | p1 | p2 | p3;
    const base = w << 5;
    while (x !== 0) {
      const i = 31 - Math.clz32(x & -x);
      x &= x - 1;
      acc[((p0 >>> i) & 1) | (((p1 >>> i) & 1) << 1) | (((p2 >>> i) & 1) << 2) | (((p3 >>> i) & 1) << 3)]! += keys[base + i]!;
    }
    if ((w - w0) % FOLD_WORDS === FOLD_WORDS - 1) fold();
  }
  fold();
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
