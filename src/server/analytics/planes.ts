import { type Bitset, PC16, edgeMask, popcount32 } from './bitset';
import type { Planes } from './cube';

/**
 * Bit-sliced codes (issue 20, scale): plane j is a row bitset holding bit j of every row's code.
 * A row costs as many bits as the largest code needs, and no per-row array exists at all: a
 * group's count of code c is the popcount of its bitset ANDed with every plane (or its complement)
 * by the bits of c. Per 32-row word the planes split the group's word into its 2^b codes as a
 * binary tree (MSB first); up to TREE_MAX planes (63 codes) that is cheaper than decoding rows.
 */
export const TREE_MAX = 6;

/** Splits `root` (a word of rows) by the planes at word w: tree[size + c] = rows of code c (size = 2^b). */
export function split(planes: Planes, w: number, root: number, tree: Int32Array): void {
  const b = planes.length;
  tree[1] = root;
  for (let d = 0; d < b; d++) {
    const p = planes[b - 1 - d]![w]!;
    const start = 1 << d;
    for (let i = start; i < start << 1; i++) {
      const x = tree[i]!;
      tree[i << 1] = x & ~p;
      tree[(i << 1) | 1] = x & p;
    }
  }
}

/** Code of row bit t of a word from the planes' words pw (per-row decode, many planes). */
export function codeAt(pw: Int32Array, t: number): number {
  let c = 0;
  for (let j = 0; j < pw.length; j++) c |= ((pw[j]! >>> t) & 1) << j;
  return c;
}

/** Rows per code over words [w0, w1] of g (edges masked), 8 codes, every value kept in locals (no boxing of 32-bit words). */
function hist3(P0: Bitset, P1: Bitset, P2: Bitset, bits: Bitset, lo: number, hi: number, out: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
  let x = 0;
  for (let w = w0; w <= w1; w++) {
    let g = bits[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    if (g === 0) continue;
    const p0 = P0[w]!;
    const p1 = P1[w]!;
    const p2 = P2[w]!;
    {
      const a = g & ~p2;
      const b = g & p2;
      const a0 = a & ~p1;
      const a1 = a & p1;
      const b0 = b & ~p1;
      const b1 = b & p1;
      x = a0 & ~p0;
      c0 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = a0 & p0;
      c1 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = a1 & ~p0;
      c2 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = a1 & p0;
      c3 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = b0 & ~p0;
      c4 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = b0 & p0;
      c5 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = b1 & ~p0;
      c6 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = b1 & p0;
      c7 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
    }
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
  out[4] = c4;
  out[5] = c5;
  out[6] = c6;
  out[7] = c7;
}

/**
 * Rows per code over words [w0, w1] of g (edges masked), 16 codes, every value kept in locals (no
 * boxing of 32-bit words). It is hist3's tree under ~p3 (codes 0–7) and again under p3 (codes 8–15),
 * written out on purpose rather than as a shared helper: the engine's hottest loop, where a helper
 * would have to hand its eight counts back through memory per word.
 */
function hist4(P0: Bitset, P1: Bitset, P2: Bitset, P3: Bitset, bits: Bitset, lo: number, hi: number, out: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, c9 = 0, c10 = 0, c11 = 0, c12 = 0, c13 = 0, c14 = 0, c15 = 0;
  let x = 0;
  for (let w = w0; w <= w1; w++) {
    let g = bits[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    if (g === 0) continue;
    const p0 = P0[w]!;
    const p1 = P1[w]!;
    const p2 = P2[w]!;
    const p3 = P3[w]!;
    {
      const la = (g & ~p3) & ~p2;
      const lb = (g & ~p3) & p2;
      const la0 = la & ~p1;
      const la1 = la & p1;
      const lb0 = lb & ~p1;
      const lb1 = lb & p1;
      x = la0 & ~p0;
      c0 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = la0 & p0;
      c1 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = la1 & ~p0;
      c2 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = la1 & p0;
      c3 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = lb0 & ~p0;
      c4 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = lb0 & p0;
      c5 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = lb1 & ~p0;
      c6 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = lb1 & p0;
      c7 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      const ha = (g & p3) & ~p2;
      const hb = (g & p3) & p2;
      const ha0 = ha & ~p1;
      const ha1 = ha & p1;
      const hb0 = hb & ~p1;
      const hb1 = hb & p1;
      x = ha0 & ~p0;
      c8 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = ha0 & p0;
      c9 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = ha1 & ~p0;
      c10 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = ha1 & p0;
      c11 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = hb0 & ~p0;
      c12 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = hb0 & p0;
      c13 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = hb1 & ~p0;
      c14 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
      x = hb1 & p0;
      c15 += PC16[(x) & 0xffff]! + PC16[(x) >>> 16]!;
    }
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
  out[4] = c4;
  out[5] = c5;
  out[6] = c6;
  out[7] = c7;
  out[8] = c8;
  out[9] = c9;
  out[10] = c10;
  out[11] = c11;
  out[12] = c12;
  out[13] = c13;
  out[14] = c14;
  out[15] = c15;
}

const ZERO: { bits: Bitset } = { bits: new Uint32Array(0) };
/** A shared all-zero bitset of at least `words` words (a missing plane); never written. */
function zeros(words: number): Bitset {
  if (ZERO.bits.length < words) ZERO.bits = new Uint32Array(words);
  return ZERO.bits;
}

/** Planes 0–3 of a column of at most four planes over `words` words, a missing one as zeros (the one-pass member walks of weighted.ts and cellkey/keys.ts). */
export function fourPlanes(planes: Planes, words: number): [Bitset, Bitset, Bitset, Bitset] {
  const z = zeros(words);
  return [planes[0] ?? z, planes[1] ?? z, planes[2] ?? z, planes[3] ?? z];
}

/**
 * Rows per code among the rows of `bits` within [lo, hi) (bits null = every row): out[c] for codes
 * 0 … 2^b − 1 (out[0] = rows without an answer). Exact integer counts, so counts of disjoint row
 * ranges add up to the count of their union.
 */
export function planeHistogram(planes: Planes, bits: Bitset | null, lo: number, hi: number): Int32Array {
  const b = planes.length;
  const size = 1 << b;
  if (hi <= lo) return new Int32Array(size);
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const all = bits ?? new Uint32Array(w1 + 1).fill(0xffffffff);
  if (b <= 4) {
    // Up to 15 codes (most survey questions): unrolled, counts in locals.
    const z = zeros(w1 + 1);
    const out = new Int32Array(b <= 3 ? 8 : 16);
    if (b <= 3) hist3(planes[0] ?? z, planes[1] ?? z, planes[2] ?? z, all, lo, hi, out);
    else hist4(planes[0]!, planes[1]!, planes[2]!, planes[3]!, all, lo, hi, out);
    return out.length > size ? out.subarray(0, size) : out;
  }
  const out = new Int32Array(size);
  if (b <= TREE_MAX) {
    const tree = new Int32Array(size << 1);
    for (let w = w0; w <= w1; w++) {
      let g = all[w]!;
      if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
      if (g === 0) continue;
      split(planes, w, g, tree);
      for (let c = 0; c < size; c++) {
        const x = tree[size + c]!;
        if (x !== 0) out[c]! += popcount32(x);
      }
    }
    return out;
  }
  const pw = new Int32Array(b);
  for (let w = w0; w <= w1; w++) {
    let g = all[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    if (g === 0) continue;
    for (let j = 0; j < b; j++) pw[j] = planes[j]![w]!;
    while (g !== 0) {
      const t = g & -g;
      out[codeAt(pw, 31 - Math.clz32(t))]!++;
      g ^= t;
    }
  }
  return out;
}


/** Rows (of `rows`) whose code c has match[c] = 1. */
export function planeMatch(planes: Planes, rows: number, match: Uint8Array): Bitset {
  const words = (rows + 31) >>> 5;
  const out = new Uint32Array(words);
  const b = planes.length;
  const size = 1 << b;
  const tail = rows & 31 ? 0xffffffff >>> (32 - (rows & 31)) : 0xffffffff;
  if (b === 0) {
    if (match[0] === 1) for (let w = 0; w < words; w++) out[w] = w === words - 1 ? tail : 0xffffffff;
    return out;
  }
  if (b <= TREE_MAX) {
    const tree = new Int32Array(size << 1);
    for (let w = 0; w < words; w++) {
      split(planes, w, w === words - 1 ? tail : -1, tree);
      let x = 0;
      for (let c = 0; c < size; c++) if (match[c] === 1) x |= tree[size + c]!;
      out[w] = x;
    }
    return out;
  }
  const pw = new Int32Array(b);
  for (let w = 0; w < words; w++) {
    for (let j = 0; j < b; j++) pw[j] = planes[j]![w]!;
    const n = w === words - 1 && rows & 31 ? rows & 31 : 32;
    let x = 0;
    for (let t = 0; t < n; t++) if (match[codeAt(pw, t)] === 1) x |= 1 << t;
    out[w] = x;
  }
  return out;
}

/** Bit-slices per-row codes of at most `max` into planes. */
export function toPlanes(rows: number, max: number, codeOf: (row: number) => number): Planes {
  const words = (rows + 31) >>> 5;
  const planes: Planes = [];
  const b = max <= 0 ? 0 : 32 - Math.clz32(max);
  for (let j = 0; j < b; j++) planes.push(new Uint32Array(words));
  for (let r = 0; r < rows; r++) {
    const c = codeOf(r);
    if (c === 0) continue;
    const w = r >>> 5;
    const bit = 1 << (r & 31);
    for (let j = 0; j < b; j++) if (c & (1 << j)) planes[j]![w]! |= bit;
  }
  return planes;
}

/** The code of every row, decoded: for tests and tools, not the engine. */
export function planeCodes(planes: Planes, rows: number): Uint32Array {
  const out = new Uint32Array(rows);
  for (let j = 0; j < planes.length; j++) {
    const p = planes[j]!;
    for (let r = 0; r < rows; r++) if (p[r >>> 5]! & (1 << (r & 31))) out[r]! |= 1 << j;
  }
  return out;
}
