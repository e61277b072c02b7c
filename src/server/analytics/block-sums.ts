import { type Bitset, edgeMask, equals } from './bitset';

/**
 * Block sums (docs/performance.md, "Weighted and cell-key sums"): the weighted sums (weighted.ts)
 * and the cell keys (cellkey/keys.ts) add one number per member row, where the counts take a
 * popcount per 32 rows. Most of those rows belong to dense groups: a benchmark without filters,
 * its trend buckets, a filter that holds most rows. So the rows are cut into blocks of
 * BLOCK_ROWS, and a block's sums over the report's universe (`base`: every completed response,
 * or every response) are computed once and kept with the cube (per key or weight array, column
 * part and universe). A group whose words in a block equal the universe's takes the block's sums
 * as they are; every other row is added one by one as before. Key sums are modulo 2³², so they are
 * bit-identical in any order; weighted sums differ from a row-by-row sum only in the rounding of
 * Float64 additions (relative 1e-15).
 */
export const BLOCK_WORDS = 32;
export const BLOCK_ROWS = BLOCK_WORDS * 32;

/** Whether the words of block b are the same in a and base. */
function sameBlock(a: Bitset, base: Bitset, b: number): boolean {
  const w0 = b * BLOCK_WORDS;
  for (let w = w0; w < w0 + BLOCK_WORDS; w++) if (a[w] !== base[w]) return false;
  return true;
}

/**
 * Walks the rows of `bits` within [lo, hi): every whole block whose words equal `base`'s goes to
 * `block(b)`, the rest to `direct(from, to)` in as few row ranges as possible. Without a base
 * everything is direct.
 */
function walkBlocks(bits: Bitset, base: Bitset | null | undefined, lo: number, hi: number, direct: (from: number, to: number) => void, block: (b: number) => void): void {
  if (hi <= lo) return;
  if (!base || hi - lo < BLOCK_ROWS) return direct(lo, hi);
  let from = lo;
  for (let b = Math.ceil(lo / BLOCK_ROWS); (b + 1) * BLOCK_ROWS <= hi; b++) {
    if (!sameBlock(bits, base, b)) continue;
    if (from < b * BLOCK_ROWS) direct(from, b * BLOCK_ROWS);
    block(b);
    from = (b + 1) * BLOCK_ROWS;
  }
  if (from < hi) direct(from, hi);
}

/**
 * Per-block sums of `slots` numbers over the universe, each block filled on first use by `fill`
 * (its rows [b·BLOCK_ROWS, (b+1)·BLOCK_ROWS), written into `sums` at `at`).
 */
class BlockSums<A extends Float64Array | Uint32Array> {
  readonly done: Uint8Array;
  constructor(
    readonly sums: A,
    readonly slots: number,
    private readonly fill: (from: number, to: number, at: number) => void,
  ) {
    this.done = new Uint8Array(sums.length / slots);
  }

  /** Offset of block b's sums in `sums`, filled first if needed. */
  at(b: number): number {
    const at = b * this.slots;
    if (this.done[b] === 0) {
      this.fill(b * BLOCK_ROWS, (b + 1) * BLOCK_ROWS, at);
      this.done[b] = 1;
    }
    return at;
  }
}

type Part = object;
const cache = new WeakMap<object, WeakMap<Part, WeakMap<Bitset, BlockSums<Float64Array | Uint32Array>>>>();

/**
 * The block sums of one source (record keys or a weight array), one column part (a column's planes,
 * an option bitset, …) and one universe, made by `make` on first use and kept as long as all three
 * live (the cube in the isolate's cache, the weights of a scheme).
 */
function blockSumsOf<A extends Float64Array | Uint32Array>(source: object, part: Part, base: Bitset, make: () => BlockSums<A>): BlockSums<A> {
  let byPart = cache.get(source);
  if (!byPart) cache.set(source, (byPart = new WeakMap()));
  let byBase = byPart.get(part);
  if (!byBase) byPart.set(part, (byBase = new WeakMap()));
  let hit = byBase.get(base) as BlockSums<A> | undefined;
  if (!hit) byBase.set(base, (hit = make()));
  return hit;
}

/** Blocks of a cube of `rows` rows (a partial last block is never whole inside a range, so it is never used). */
function blockCount(rows: number): number {
  return Math.floor(rows / BLOCK_ROWS);
}

/**
 * Groups by their rows (the cells' cache): the same rows in [lo, hi) give the same identity object
 * in every request, so a group's sums per column (keys, weights) are made once and kept while the
 * identity lives. Identities are found by a hash of the rows' words and confirmed by comparing the
 * words themselves (kept as a copy), never by the hash alone; the copies and the values kept with
 * them (their estimated bytes) are held within a byte budget, least recently used first out.
 */
export const GROUP_CACHE_BYTES = 16 * 1024 * 1024;

interface Identity {
  lo: number;
  hi: number;
  words: Uint32Array;
  hash: number;
  /** Bytes held for it: the word copy and the values kept with it. */
  bytes: number;
}

const registry = new Map<number, Identity[]>();
/** Least recently used first (a Set keeps insertion order; a hit is re-inserted). */
const recency = new Set<Identity>();
let heldBytes = 0;
/** Per bitset object: its identities by lo, then hi (numbers, no key string made per lookup). */
const perRequest = new WeakMap<Bitset, Map<number, Map<number, Identity>>>();

function wordsOf(bits: Bitset, lo: number, hi: number): Uint32Array {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const out = bits.slice(w0, w1 + 1);
  out[0]! &= edgeMask(w0, lo, hi);
  out[out.length - 1]! &= edgeMask(w1, lo, hi);
  return out;
}

function hashOf(words: Uint32Array, lo: number, hi: number): number {
  let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ hi;
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ words[i]!, 0x01000193);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** The identity of the rows of `bits` within [lo, hi) (hi > lo), remembered per bitset object within a request. */
function groupIdentity(bits: Bitset, lo: number, hi: number): Identity {
  let byLo = perRequest.get(bits);
  if (!byLo) perRequest.set(bits, (byLo = new Map()));
  let byHi = byLo.get(lo);
  if (!byHi) byLo.set(lo, (byHi = new Map()));
  const known = byHi.get(hi);
  if (known) return touch(known);
  const words = wordsOf(bits, lo, hi);
  const hash = hashOf(words, lo, hi);
  const bucket = registry.get(hash) ?? [];
  let id = bucket.find((c) => c.lo === lo && c.hi === hi && equals(c.words, words));
  if (!id) {
    id = { lo, hi, words, hash, bytes: words.byteLength + 64 };
    bucket.push(id);
    registry.set(hash, bucket);
    heldBytes += id.bytes;
    recency.add(id);
    evict();
  }
  byHi.set(hi, id);
  return touch(id);
}

function touch(id: Identity): Identity {
  if (recency.delete(id)) recency.add(id);
  return id;
}

function evict(): void {
  for (const id of recency) {
    if (heldBytes <= GROUP_CACHE_BYTES || recency.size <= 1) break;
    recency.delete(id);
    heldBytes -= id.bytes;
    const bucket = registry.get(id.hash)!.filter((c) => c !== id);
    if (bucket.length) registry.set(id.hash, bucket);
    else registry.delete(id.hash);
  }
}

const cells = new WeakMap<object, WeakMap<object, WeakMap<object, unknown>>>();

/**
 * A group's cached value for one source (record keys, weights) and column part, made by `make` once
 * per identity; its estimated `bytes` count towards the budget while the identity is held.
 */
function cachedCell<T>(identity: Identity, source: object, part: object, make: () => T, bytes: (value: T) => number): T {
  let bySource = cells.get(identity);
  if (!bySource) cells.set(identity, (bySource = new WeakMap()));
  let byPart = bySource.get(source);
  if (!byPart) bySource.set(source, (byPart = new WeakMap()));
  let hit = byPart.get(part) as T | undefined;
  if (hit === undefined) {
    byPart.set(part, (hit = make()));
    if (recency.has(identity)) {
      const n = bytes(hit);
      identity.bytes += n;
      heldBytes += n;
      evict();
    }
  }
  return hit;
}

/**
 * A value of the rows of `bits` within [lo, hi) (hi > lo) for one source and part, made by `make`
 * once per group identity and kept with it (as groupSums keeps its sums): for results built from
 * several sums, such as a column's cell keys, so a repeated group costs one lookup. Callers only
 * read the value.
 */
export function groupCached<T>(bits: Bitset, lo: number, hi: number, source: object, part: object, make: () => T, bytes: (value: T) => number): T {
  return cachedCell(groupIdentity(bits, lo, hi), source, part, make, bytes);
}

/** The part of a sum over a group's own rows (no column, no mask). */
export const WHOLE_GROUP = {};

/** Adds the sums of the rows of `bits` within [from, to), one by one, into out[at …]. */
export type AddRows<A> = (bits: Bitset, from: number, to: number, out: A, at: number) => void;

/**
 * The `slots` sums of the rows of `bits` within [lo, hi) for one source (record keys or weights,
 * one per cube row) and column part, in a new array made by `alloc`: `add` walks rows one by one;
 * with `base`, blocks where `bits` equals it take their kept sums, and the result is kept per group
 * (callers only read it) unless `keep` is false. Sums of a Uint32Array wrap modulo 2³², as the keys need.
 */
export function groupSums<A extends Float64Array | Uint32Array>(source: Uint32Array | Float32Array, part: object, bits: Bitset, base: Bitset | null | undefined, lo: number, hi: number, slots: number, alloc: (length: number) => A, add: AddRows<A>, keep = true): A {
  if (!base || hi <= lo) return walked(source, part, bits, null, lo, hi, slots, alloc, add);
  // Not kept per group (the caller keeps what it builds from them): block sums only.
  if (!keep) return walked(source, part, bits, base, lo, hi, slots, alloc, add);
  return cachedCell(groupIdentity(bits, lo, hi), source, part, () => walked(source, part, bits, base, lo, hi, slots, alloc, add), (a) => a.byteLength + 64);
}

function walked<A extends Float64Array | Uint32Array>(source: Uint32Array | Float32Array, part: object, bits: Bitset, base: Bitset | null, lo: number, hi: number, slots: number, alloc: (length: number) => A, add: AddRows<A>): A {
  const out = alloc(slots);
  let kept: BlockSums<A> | undefined;
  walkBlocks(
    bits,
    base,
    lo,
    hi,
    (from, to) => add(bits, from, to, out, 0),
    (b) => {
      kept ??= blockSumsOf(source, part, base!, () => {
        const sums = alloc(blockCount(source.length) * slots);
        return new BlockSums(sums, slots, (f, t, at) => add(base!, f, t, sums, at));
      });
      const at = kept.at(b);
      for (let i = 0; i < slots; i++) out[i]! += kept.sums[at + i]!;
    },
  );
  return out;
}
