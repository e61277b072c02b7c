/**
 * Row bitsets: bit r of word r >>> 5 is row r. Bits at or beyond the row count are always 0, so
 * popcounts never need a tail mask. All loops are over Uint32 words; nothing allocates per row.
 */
export type Bitset = Uint32Array;

export function wordCount(rows: number): number {
  return (rows + 31) >>> 5;
}

export function createBitset(rows: number): Bitset {
  return new Uint32Array(wordCount(rows));
}

/** Bits [lo, hi) set. */
export function rangeBitset(rows: number, lo: number, hi: number): Bitset {
  const bs = createBitset(rows);
  setRange(bs, lo, hi);
  return bs;
}

export function setRange(bs: Bitset, lo: number, hi: number): void {
  for (let r = lo; r < hi && r & 31; r++) bs[r >>> 5]! |= 1 << (r & 31);
  let r = lo & 31 ? (lo | 31) + 1 : lo;
  for (; r + 32 <= hi; r += 32) bs[r >>> 5] = 0xffffffff;
  for (; r < hi; r++) bs[r >>> 5]! |= 1 << (r & 31);
}

export function setBit(bs: Bitset, r: number): void {
  bs[r >>> 5]! |= 1 << (r & 31);
}

export function clearBit(bs: Bitset, r: number): void {
  bs[r >>> 5]! &= ~(1 << (r & 31));
}

export function hasBit(bs: Bitset, r: number): boolean {
  return (bs[r >>> 5]! & (1 << (r & 31))) !== 0;
}

/** Bits set per 16-bit value: two table loads beat the SWAR popcount about 2× in V8. */
export const PC16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) PC16[i] = (i & 1) + PC16[i >>> 1]!;

export function popcount32(x: number): number {
  return PC16[x & 0xffff]! + PC16[x >>> 16]!;
}

/** Mask of the bits of word w that fall inside [lo, hi). */
export function edgeMask(w: number, lo: number, hi: number): number {
  const start = w << 5;
  let m = 0xffffffff;
  if (lo > start) m &= 0xffffffff << (lo - start);
  if (hi < start + 32) m &= hi - start <= 0 ? 0 : 0xffffffff >>> (32 - (hi - start));
  return m >>> 0;
}

/** popcount of a over rows [lo, hi). */
export function countRange(a: Bitset, lo: number, hi: number): number {
  if (hi <= lo) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  if (w0 === w1) return popcount32(a[w0]! & edgeMask(w0, lo, hi));
  let n = popcount32(a[w0]! & edgeMask(w0, lo, hi)) + popcount32(a[w1]! & edgeMask(w1, lo, hi));
  for (let w = w0 + 1; w < w1; w++) n += popcount32(a[w]!);
  return n;
}

export function count(a: Bitset): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += popcount32(a[w]!);
  return n;
}

/** popcount of a & b over rows [lo, hi). */
export function andCountRange(a: Bitset, b: Bitset, lo: number, hi: number): number {
  if (hi <= lo) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  if (w0 === w1) return popcount32(a[w0]! & b[w0]! & edgeMask(w0, lo, hi));
  let n = popcount32(a[w0]! & b[w0]! & edgeMask(w0, lo, hi)) + popcount32(a[w1]! & b[w1]! & edgeMask(w1, lo, hi));
  for (let w = w0 + 1; w < w1; w++) n += popcount32(a[w]! & b[w]!);
  return n;
}

/** popcount of a & b & c over rows [lo, hi). */
export function and3CountRange(a: Bitset, b: Bitset, c: Bitset, lo: number, hi: number): number {
  if (hi <= lo) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  if (w0 === w1) return popcount32(a[w0]! & b[w0]! & c[w0]! & edgeMask(w0, lo, hi));
  let n =
    popcount32(a[w0]! & b[w0]! & c[w0]! & edgeMask(w0, lo, hi)) +
    popcount32(a[w1]! & b[w1]! & c[w1]! & edgeMask(w1, lo, hi));
  for (let w = w0 + 1; w < w1; w++) n += popcount32(a[w]! & b[w]! & c[w]!);
  return n;
}

export function and(a: Bitset, b: Bitset, out: Bitset = new Uint32Array(a.length)): Bitset {
  for (let w = 0; w < a.length; w++) out[w] = a[w]! & b[w]!;
  return out;
}

export function or(a: Bitset, b: Bitset, out: Bitset = new Uint32Array(a.length)): Bitset {
  for (let w = 0; w < a.length; w++) out[w] = a[w]! | b[w]!;
  return out;
}

export function andNot(a: Bitset, b: Bitset, out: Bitset = new Uint32Array(a.length)): Bitset {
  for (let w = 0; w < a.length; w++) out[w] = a[w]! & ~b[w]!;
  return out;
}

/** Complement within `rows` rows (tail bits stay 0). */
export function not(a: Bitset, rows: number, out: Bitset = new Uint32Array(a.length)): Bitset {
  for (let w = 0; w < a.length; w++) out[w] = ~a[w]!;
  const tail = rows & 31;
  if (tail && out.length) out[out.length - 1]! &= 0xffffffff >>> (32 - tail);
  return out;
}

/** Keeps only rows [lo, hi) of a, in place. */
export function clipToRange(a: Bitset, lo: number, hi: number): Bitset {
  const w0 = lo >>> 5;
  const w1 = hi > lo ? (hi - 1) >>> 5 : w0 - 1;
  for (let w = 0; w < a.length; w++) {
    if (w < w0 || w > w1) a[w] = 0;
    else if (w === w0 || w === w1) a[w]! &= edgeMask(w, lo, hi);
  }
  return a;
}

export function equals(a: Bitset, b: Bitset): boolean {
  if (a.length !== b.length) return false;
  for (let w = 0; w < a.length; w++) if (a[w] !== b[w]) return false;
  return true;
}

/** Calls fn(row) for every set row in ascending order. */
export function forEachSet(a: Bitset, fn: (row: number) => void): void {
  for (let w = 0; w < a.length; w++) {
    let x = a[w]!;
    while (x !== 0) {
      const t = x & -x;
      fn((w << 5) + 31 - Math.clz32(t));
      x ^= t;
    }
  }
}

/** Writes the set rows of a within [lo, hi) into out; returns how many. out needs room for them. */
export function collectRows(a: Bitset, lo: number, hi: number, out: Int32Array): number {
  let n = 0;
  if (hi <= lo) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let x = w === w0 || w === w1 ? a[w]! & edgeMask(w, lo, hi) : a[w]!;
    while (x !== 0) {
      const t = x & -x;
      out[n++] = (w << 5) + 31 - Math.clz32(t);
      x ^= t;
    }
  }
  return n;
}

/**
 * min(popcount of a & b over [lo, hi), cap), stopping as soon as cap is reached: the suppression
 * rules only need to know whether a difference is 0, below min_n, or not.
 */
export function andCountCapped(a: Bitset, b: Bitset, lo: number, hi: number, cap: number): number {
  if (hi <= lo || cap <= 0) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let n = popcount32(a[w0]! & b[w0]! & edgeMask(w0, lo, hi));
  for (let w = w0 + 1; w < w1 && n < cap; w++) n += popcount32(a[w]! & b[w]!);
  if (w1 > w0 && n < cap) n += popcount32(a[w1]! & b[w1]! & edgeMask(w1, lo, hi));
  return n < cap ? n : cap;
}

/** Whether a & b has any row in [lo, hi). */
export function intersects(a: Bitset, b: Bitset, lo: number, hi: number): boolean {
  return andCountCapped(a, b, lo, hi, 1) > 0;
}

/** min(popcount of a & b & c over [lo, hi), cap), stopping once cap is reached. */
export function and3CountCapped(a: Bitset, b: Bitset, c: Bitset, lo: number, hi: number, cap: number): number {
  if (hi <= lo || cap <= 0) return 0;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let n = popcount32(a[w0]! & b[w0]! & c[w0]! & edgeMask(w0, lo, hi));
  for (let w = w0 + 1; w < w1 && n < cap; w++) n += popcount32(a[w]! & b[w]! & c[w]!);
  if (w1 > w0 && n < cap) n += popcount32(a[w1]! & b[w1]! & c[w1]! & edgeMask(w1, lo, hi));
  return n < cap ? n : cap;
}

/** The first row r in [from, to) with a & b set, or −1. */
export function firstRowFrom(a: Bitset, b: Bitset, from: number, to: number): number {
  if (to <= from) return -1;
  const w0 = from >>> 5;
  const w1 = (to - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let x = a[w]! & b[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, from, to);
    if (x !== 0) return (w << 5) + 31 - Math.clz32(x & -x);
  }
  return -1;
}

/** The last row r in [from, before) with a & b set, or −1. */
export function lastRowBefore(a: Bitset, b: Bitset, from: number, before: number): number {
  if (before <= from) return -1;
  const w0 = from >>> 5;
  const w1 = (before - 1) >>> 5;
  for (let w = w1; w >= w0; w--) {
    let x = a[w]! & b[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, from, before);
    if (x !== 0) return (w << 5) + 31 - Math.clz32(x);
  }
  return -1;
}
