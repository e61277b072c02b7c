import { type Bitset, edgeMask } from '../bitset';
import { type FilterCategory, type Group, findOptions, optionBitset } from '../benchmarks';
import { type Cube, type CubeColumn, type Planes, answeredBits } from '../cube';
import { codeAt, fourPlanes } from '../planes';

/**
 * Filter signatures (docs/perturbation.md, "Measured: speed"): the options of a report's filter
 * catalogue split the universe's rows into classes — a row's signature is the set of options it
 * matches. Rows of one class are alike to every benchmark selection (options OR-ed within a
 * category, categories AND-ed): a selection holds a class whole or not at all. So one walk over
 * the universe's rows of a row range gives, per class, the record-key sums a column's cells need
 * (a table per column and range), and the cell keys of any group that is exactly universe ∧
 * selection within that range are the sums over the classes its selection holds — modulo 2³²,
 * bit-identical to a walk over its members, without walking them.
 */

/** More classes or distinct options than this: no signatures (the member walk as before). */
export const MAX_CLASSES = 4096;
export const MAX_OPTIONS = 256;
/** A table of more slots (classes × answer codes) than this is not made (the member walk as before). */
const MAX_TABLE_SLOTS = 1 << 17;
const TWO32 = 4294967296;
/** Rows per Float64 pass of a table walk: sums of 2²⁰ keys below 2³² stay exact (below 2⁵²). */
const FOLD_ROWS = 1 << 20;
/** Bytes of kept tables (all cubes), least recently used first out. */
export const TABLE_BYTES = 16 * 1024 * 1024;
/** Class indexes kept per universe (catalogues in use at once). */
const INDEXES_PER_BASE = 4;

/** The rows of one universe by signature under one set of filter options. */
export interface ClassIndex {
  readonly id: number;
  readonly base: Bitset;
  /** Class per row (meaningful for the universe's rows only). */
  readonly cls: Uint16Array;
  readonly count: number;
  /** Per class, the options (indexes into `optionBits`) its rows match, ascending. */
  readonly signatures: readonly (readonly number[])[];
  /** An option's conditions (as optionBitset keys them) → its index. */
  readonly optionIndex: ReadonlyMap<string, number>;
  readonly optionBits: readonly Bitset[];
  readonly bytes: number;
}

const conditionsKey = (conditions: unknown) => JSON.stringify(conditions);

const indexes = new WeakMap<Bitset, Map<string, ClassIndex | null>>();
let nextId = 1;

/**
 * The class index of the universe `base` under the catalogue's options (options are told apart by
 * their conditions, so catalogues with the same options share it), made on first use and kept
 * with the universe (a few catalogues per universe). Null when the catalogue has more than
 * MAX_OPTIONS distinct options or its options split the universe into more than MAX_CLASSES classes.
 */
export function classIndexOf(cube: Cube, catalog: readonly FilterCategory[], base: Bitset): ClassIndex | null {
  const byKey = new Map<string, FilterCategory['options'][number]>();
  for (const cat of catalog) for (const o of cat.options) byKey.set(conditionsKey(o.conditions), o);
  if (byKey.size > MAX_OPTIONS) return null;
  const keys = [...byKey.keys()].sort();
  const key = keys.join('\n');
  let kept = indexes.get(base);
  if (!kept) indexes.set(base, (kept = new Map()));
  if (kept.has(key)) {
    const hit = kept.get(key)!;
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const made = buildIndex(cube, base, keys.map((k) => optionBitset(cube, byKey.get(k)!)), keys);
  kept.set(key, made);
  for (const k of kept.keys()) {
    if (kept.size <= INDEXES_PER_BASE) break;
    kept.delete(k);
  }
  return made;
}

/** Refines the universe option by option: a class splits into the rows with and without the option. */
function buildIndex(cube: Cube, base: Bitset, optionBits: Bitset[], keys: string[]): ClassIndex | null {
  const cls = new Uint16Array(cube.rowCount);
  let signatures: number[][] = [[]];
  let sizes: number[] = [popcountAll(base, cube.rowCount)];
  for (let j = 0; j < optionBits.length; j++) {
    const ob = optionBits[j]!;
    const remap = new Int32Array(signatures.length).fill(-1);
    const words = Math.min(ob.length, base.length, (cube.rowCount + 31) >>> 5);
    for (let w = 0; w < words; w++) {
      let x = ob[w]! & base[w]!;
      while (x !== 0) {
        const r = (w << 5) + 31 - Math.clz32(x & -x);
        x &= x - 1;
        const c = cls[r]!;
        let n = remap[c]!;
        if (n < 0) {
          n = remap[c] = signatures.length;
          signatures.push([...signatures[c]!, j]);
          sizes.push(0);
        }
        cls[r] = n;
        sizes[c]!--;
        sizes[n]!++;
      }
    }
    if (signatures.length > MAX_CLASSES) {
      // Drop the classes whose rows all moved on, then give up if still too many.
      [signatures, sizes] = compact(cls, base, cube.rowCount, signatures, sizes);
      if (signatures.length > MAX_CLASSES) return null;
    }
  }
  [signatures, sizes] = compact(cls, base, cube.rowCount, signatures, sizes);
  return {
    id: nextId++,
    base,
    cls,
    count: signatures.length,
    signatures,
    optionIndex: new Map(keys.map((k, i) => [k, i])),
    optionBits,
    bytes: cls.byteLength + signatures.length * 64,
  };
}

/** Renumbers the classes that hold rows (of the universe) in order, dropping empty ones. */
function compact(cls: Uint16Array, base: Bitset, rows: number, signatures: number[][], sizes: number[]): [number[][], number[]] {
  if (sizes.every((n) => n > 0)) return [signatures, sizes];
  const keep = new Int32Array(signatures.length).fill(-1);
  const s2: number[][] = [];
  const z2: number[] = [];
  for (let c = 0; c < signatures.length; c++) if (sizes[c]! > 0) (keep[c] = s2.length), s2.push(signatures[c]!), z2.push(sizes[c]!);
  if (s2.length === 0) return [[[]], [0]];
  for (let w = 0; w < base.length; w++) {
    let x = base[w]!;
    while (x !== 0) {
      const r = (w << 5) + 31 - Math.clz32(x & -x);
      x &= x - 1;
      if (r < rows) cls[r] = keep[cls[r]!]!;
    }
  }
  return [s2, z2];
}

function popcountAll(bits: Bitset, rows: number): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = w === bits.length - 1 && rows & 31 ? bits[w]! & (0xffffffff >>> (32 - (rows & 31))) : bits[w]!;
    while (x !== 0) (x &= x - 1), n++;
  }
  return n;
}

/** A group that is exactly universe ∧ selection within [lo, hi), checked word by word, with the classes its selection holds. */
export interface SignatureGroup {
  readonly index: ClassIndex;
  /** Classes the selection holds. */
  readonly classes: Int32Array;
  /** The range over which the group's rows were checked (any range within it qualifies). */
  readonly lo: number;
  readonly hi: number;
  /** Ranges (rangeKey) for which a missing table may be made: the report's shared ranges. */
  readonly shared: ReadonlySet<number>;
}

/**
 * The signature view of a compiled benchmark: null unless its rows within [lo, hi) are exactly the
 * universe's rows that match its selection (every category of the selection by one of its options),
 * verified on the words, not assumed.
 */
export function signatureGroup(index: ClassIndex, catalog: readonly FilterCategory[], group: Pick<Group, 'bits' | 'lo' | 'hi' | 'selection'>, shared: ReadonlySet<number>): SignatureGroup | null {
  const byId = findOptions(catalog as FilterCategory[]);
  const cats: number[][] = [];
  for (const ids of group.selection.values()) {
    const js: number[] = [];
    for (const id of ids) {
      const o = byId.get(id);
      const j = o ? index.optionIndex.get(conditionsKey(o.conditions)) : undefined;
      if (j === undefined) return null;
      js.push(j);
    }
    cats.push(js);
  }
  if (!selectionRowsEqual(group.bits, group.lo, group.hi, index.base, cats.map((js) => js.map((j) => index.optionBits[j]!)))) return null;
  const classes: number[] = [];
  for (let c = 0; c < index.count; c++) {
    const sig = index.signatures[c]!;
    if (cats.every((js) => js.some((j) => sig.includes(j)))) classes.push(c);
  }
  return { index, classes: Int32Array.from(classes), lo: group.lo, hi: group.hi, shared };
}

/** Whether the rows of `bits` within [lo, hi) are exactly base ∧ (for every category, any of its options). */
export function selectionRowsEqual(bits: Bitset, lo: number, hi: number, base: Bitset, cats: readonly (readonly Bitset[])[]): boolean {
  if (hi <= lo) return true;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const n = cats.length;
  for (let w = w0; w <= w1; w++) {
    let want = base[w]!;
    for (let k = 0; k < n && want !== 0; k++) {
      const opts = cats[k]!;
      let any = 0;
      for (let j = 0; j < opts.length; j++) any |= opts[j]![w]!;
      want &= any;
    }
    const mask = w === w0 || w === w1 ? edgeMask(w, lo, hi) : 0xffffffff;
    if (((bits[w]! ^ want) & mask) !== 0) return false;
  }
  return true;
}

/** Key sums per (class, slot) of the universe's rows of one range for one column (or the group's own key: `col` null). */
interface Table {
  readonly slots: number;
  /** Entries: classes × slots. */
  readonly size: number;
  readonly sums: Uint32Array;
  /** Rows per (class, slot): what each key sum adds up (class sizes, answers per code, NPS bases). */
  readonly counts: Int32Array;
  readonly bytes: number;
}

interface Kept {
  readonly table: Table;
  readonly owner: Map<number, Kept>;
  readonly range: number;
}


/** Per class index and part (a column, a numeric column with NPS, or the group's own key), the tables by range. */
const tables = new WeakMap<ClassIndex, WeakMap<object, Map<number, Kept>>>();
/** Least recently used first (a Set keeps insertion order; a hit is re-inserted). */
const recency = new Set<Kept>();
let heldBytes = 0;
const GROUP_PART = {};
const npsParts = new WeakMap<CubeColumn, object>();

function partOf(col: CubeColumn | null, nps: boolean): object {
  if (!col) return GROUP_PART;
  if (!nps || col.kind !== 'numeric') return col;
  let p = npsParts.get(col);
  if (!p) npsParts.set(col, (p = {}));
  return p;
}

/** A row range [lo, hi) of the index's cube as one number (exact: rows² < 2⁵³). */
export function rangeKey(index: ClassIndex, lo: number, hi: number): number {
  return lo * (index.cls.length + 1) + hi;
}

/** Slots of a column's table (per class). */
function slotsOf(col: CubeColumn | null, nps: boolean): number {
  if (!col) return 1;
  if (col.kind === 'multi') return col.optionBits.length + 1;
  if (col.kind === 'numeric') return nps ? 4 : 1;
  const n = col.kind === 'single' ? col.codes.length : col.dictionary.length;
  return Math.max(n + 1, 1 << col.planes.length);
}

/**
 * The table of one column (null: the group's own key) and range over the universe, kept (least
 * recently used first out, TABLE_BYTES in all); made by one walk over the universe's rows in the
 * range when `make` allows it. Null when not kept and not to be made, or too large.
 */
function tableOf(index: ClassIndex, keys: Uint32Array, col: CubeColumn | null, nps: boolean, lo: number, hi: number, range: number, make: boolean, shared: ReadonlySet<number>, parts?: readonly { lo: number; hi: number }[] | null): Table | null {
  const numericNps = nps && col?.kind === 'numeric';
  const [byRange, hit] = lookup(index, col, numericNps, range);
  if (hit) return hit;
  const slots = slotsOf(col, numericNps);
  if (index.count * slots > MAX_TABLE_SLOTS) return null;
  // Parts that cover the range exactly (a group's trend buckets) with tables: the range's table is their sum.
  let table: Table | null = null;
  if (parts && coversExactly(parts, lo, hi)) {
    const all: Table[] = [];
    for (const t of parts) {
      const r = rangeKey(index, t.lo, t.hi);
      const pt = tableOf(index, keys, col, nps, t.lo, t.hi, r, shared.has(r), shared);
      if (!pt) break;
      all.push(pt);
    }
    if (all.length === parts.length) table = sumTables(all);
  }
  if (!table && !make) return null;
  return keep(byRange, range, table ?? longTable(index, keys, col, numericNps, slots, lo, hi) ?? walkTable(index, keys, col, numericNps, slots, lo, hi));
}

function keep<T extends Table>(byRange: Map<number, Kept>, range: number, table: T): T {
  const kept: Kept = { table, owner: byRange, range };
  byRange.set(range, kept);
  recency.add(kept);
  heldBytes += table.bytes;
  for (const k of recency) {
    if (heldBytes <= TABLE_BYTES || recency.size <= 1) break;
    recency.delete(k);
    k.owner.delete(k.range);
    heldBytes -= k.table.bytes;
  }
  return table;
}

/** The kept tables of one part by range, and the one of `range` (then most recently used) if kept. */
function lookup(index: ClassIndex, col: CubeColumn | null, nps: boolean, range: number): [Map<number, Kept>, Table | undefined] {
  let byPart = tables.get(index);
  if (!byPart) tables.set(index, (byPart = new WeakMap()));
  const part = partOf(col, nps);
  let byRange = byPart.get(part);
  if (!byRange) byPart.set(part, (byRange = new Map()));
  const hit = byRange.get(range);
  if (!hit) return [byRange, undefined];
  recency.delete(hit);
  recency.add(hit);
  return [byRange, hit.table];
}

/** Rows per chunk (a fixed grid per cube): at least 4,096, at most about 32 chunks in the cube. */
function chunkRows(index: ClassIndex): number {
  let c = 4096;
  while (c * 32 < index.cls.length) c *= 2;
  return c;
}

/** The whole chunks [ka, kb) within [lo, hi) (kb ≤ ka when there is none). */
function chunksWithin(index: ClassIndex, lo: number, hi: number): [number, number, number] {
  const c = chunkRows(index);
  return [c, Math.ceil(lo / c), Math.min(Math.floor(hi / c), Math.floor(index.cls.length / c))];
}

/** The tables of the whole chunks [ka, kb) (each kept as the table of its row range, made on first use). */
function chunkTables(index: ClassIndex, keys: Uint32Array, col: CubeColumn | null, nps: boolean, ka: number, kb: number): Table[] | null {
  const c = chunkRows(index);
  const out: Table[] = [];
  for (let k = ka; k < kb; k++) {
    const t = tableOf(index, keys, col, nps, k * c, (k + 1) * c, rangeKey(index, k * c, (k + 1) * c), true, NO_RANGES);
    if (!t) return null;
    out.push(t);
  }
  return out;
}
const NO_RANGES: ReadonlySet<number> = new Set();

/**
 * A long range's table (at least two whole chunks): the sum of its whole chunks' tables and of its
 * two ragged edges, walked. Null for a shorter range (walked whole).
 */
function longTable(index: ClassIndex, keys: Uint32Array, col: CubeColumn | null, nps: boolean, slots: number, lo: number, hi: number): Table | null {
  const [c, ka, kb] = chunksWithin(index, lo, hi);
  if (kb - ka < 2) return null;
  const chunks = chunkTables(index, keys, col, nps, ka, kb);
  if (!chunks) return null;
  return sumTables([walkTable(index, keys, col, nps, slots, lo, ka * c), ...chunks, walkTable(index, keys, col, nps, slots, kb * c, hi)]);
}

/** Whether ranges `parts`, in order, are contiguous and cover exactly [lo, hi). */
export function coversExactly(parts: readonly { lo: number; hi: number }[], lo: number, hi: number): boolean {
  if (parts.length === 0) return false;
  let at = lo;
  for (const t of parts) {
    if (t.lo !== at || t.hi < t.lo) return false;
    at = t.hi;
  }
  return at === hi;
}

/** The table of the union of disjoint ranges: every key sum the sum of theirs modulo 2³², every count the sum of theirs. */
function sumTables(all: readonly Table[]): Table {
  const first = all[0]!;
  const sums = new Uint32Array(first.sums.length);
  const counts = new Int32Array(first.counts.length);
  for (const t of all) {
    for (let i = 0; i < sums.length; i++) {
      sums[i] = sums[i]! + t.sums[i]!;
      counts[i]! += t.counts[i]!;
    }
  }
  return { slots: first.slots, size: first.size, sums, counts, bytes: first.bytes };
}

/**
 * One walk over the universe's rows within [lo, hi): each row's key added to its class's slots, in
 * exact Float64 sums (keys below 2³², folded modulo 2³² into the table every 2¹⁵ words, 2²⁰ rows).
 * One function per column kind, each a tight loop over the words.
 */
function walkTable(index: ClassIndex, keys: Uint32Array, col: CubeColumn | null, nps: boolean, slots: number, lo: number, hi: number): Table {
  const size = index.count * slots;
  const out = new Uint32Array(size);
  const counts = new Int32Array(size);
  for (let from = lo; from < hi; from += FOLD_ROWS) {
    const to = Math.min(hi, from + FOLD_ROWS);
    const sums = new Float64Array(size);
    if (!col) ownKeys(index.cls, index.base, keys, from, to, sums, counts);
    else if (col.kind === 'numeric') numericKeys(index.cls, index.base, keys, answeredBits(col), nps ? col : null, slots, from, to, sums, counts);
    else if (col.kind === 'multi') multiKeys(index.cls, index.base, keys, col.answeredBits, col.optionBits, slots, from, to, sums, counts);
    else if (col.planes.length >= 1 && col.planes.length <= 4) codeKeys4(index.cls, index.base, keys, col.planes, slots, from, to, sums, counts);
    else if (col.planes.length > 4) codeKeysN(index.cls, index.base, keys, col.planes, slots, from, to, sums, counts);
    // An exact integer below 2⁵³ stored in a Uint32Array is taken modulo 2³² (ToUint32).
    for (let s = 0; s < size; s++) if (sums[s] !== 0) out[s] = out[s]! + sums[s]!;
  }
  return { slots, size, sums: out, counts, bytes: out.byteLength * 2 + 128 };
}

function ownKeys(cls: Uint16Array, base: Bitset, keys: Uint32Array, lo: number, hi: number, sums: Float64Array, counts: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let x = base[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    const row = w << 5;
    while (x !== 0) {
      const r = row + 31 - Math.clz32(x & -x);
      x &= x - 1;
      const c = cls[r]!;
      sums[c]! += keys[r]!;
      counts[c]!++;
    }
  }
}

/** A numeric column's answered key per class; with `nps` (the column) also the NPS keys [1 … 3] and counts. */
function numericKeys(cls: Uint16Array, base: Bitset, keys: Uint32Array, answered: Bitset, nps: Extract<CubeColumn, { kind: 'numeric' }> | null, slots: number, lo: number, hi: number, sums: Float64Array, counts: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let x = base[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (!nps) x &= answered[w]!;
    const a = answered[w]!;
    const row = w << 5;
    while (x !== 0) {
      const i = 31 - Math.clz32(x & -x);
      x &= x - 1;
      const r = row + i;
      const at = cls[r]! * slots;
      const k = keys[r]!;
      if ((a >>> i) & 1) (sums[at]! += k), counts[at]!++;
      if (!nps) continue;
      const v = nps.values[nps.data[r]!]!;
      if (!(v >= 0 && v <= 10)) continue;
      sums[at + 1]! += k;
      counts[at + 1]!++;
      if (v >= 9) (sums[at + 2]! += k), counts[at + 2]!++;
      else if (v <= 6) (sums[at + 3]! += k), counts[at + 3]!++;
    }
  }
}

/** A multiple-choice column: per class the answered key [0] and each option's key [1 + j], one mask per option and word. */
function multiKeys(cls: Uint16Array, base: Bitset, keys: Uint32Array, answered: Bitset, options: readonly Bitset[], slots: number, lo: number, hi: number, sums: Float64Array, counts: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const n = options.length;
  for (let w = w0; w <= w1; w++) {
    let x = base[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    if (x === 0) continue;
    const row = w << 5;
    for (let j = -1; j < n; j++) {
      let m = x & (j < 0 ? answered[w]! : options[j]![w]!);
      while (m !== 0) {
        const r = row + 31 - Math.clz32(m & -m);
        m &= m - 1;
        const at = cls[r]! * slots + 1 + j;
        sums[at]! += keys[r]!;
        counts[at]!++;
      }
    }
  }
}

/** Keys per class and code for 1 … 4 planes: each member's code read from the four plane words (code 0, no answer, left out). */
function codeKeys4(cls: Uint16Array, base: Bitset, keys: Uint32Array, planes: Planes, slots: number, lo: number, hi: number, sums: Float64Array, counts: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const [P0, P1, P2, P3] = fourPlanes(planes, w1 + 1);
  for (let w = w0; w <= w1; w++) {
    const p0 = P0[w]!;
    const p1 = P1[w]!;
    const p2 = P2[w]!;
    const p3 = P3[w]!;
    let x = base[w]! & (p0 | p1 | p2 | p3);
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    const row = w << 5;
    while (x !== 0) {
      const i = 31 - Math.clz32(x & -x);
      x &= x - 1;
      const at = cls[row + i]! * slots + (((p0 >>> i) & 1) | (((p1 >>> i) & 1) << 1) | (((p2 >>> i) & 1) << 2) | (((p3 >>> i) & 1) << 3));
      sums[at]! += keys[row + i]!;
      counts[at]!++;
    }
  }
}

function codeKeysN(cls: Uint16Array, base: Bitset, keys: Uint32Array, planes: Planes, slots: number, lo: number, hi: number, sums: Float64Array, counts: Int32Array): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const b = planes.length;
  const pw = new Int32Array(b);
  for (let w = w0; w <= w1; w++) {
    let any = 0;
    for (let j = 0; j < b; j++) any |= pw[j] = planes[j]![w]!;
    let x = base[w]! & any;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    const row = w << 5;
    while (x !== 0) {
      const i = 31 - Math.clz32(x & -x);
      x &= x - 1;
      const at = cls[row + i]! * slots + codeAt(pw, i);
      sums[at]! += keys[row + i]!;
      counts[at]!++;
    }
  }
}

/** What cellKeysOf returns (perturb.ts's CellKeys, repeated here to keep the import one way). */
export interface SignatureKeys {
  group: number;
  answered: number;
  options: Uint32Array;
  nps?: { base: [number, number]; promoters: [number, number]; detractors: [number, number] };
}

/** A cell from the signature tables: its keys and its true counts. */
export interface SignatureCell {
  keys: SignatureKeys;
  /** Members. */
  groupSize: number;
  /** Members who answered the question (the column's answered rows). */
  answered: number;
  /** Members per option (single choice and short text: per code 1 … n; multiple choice: per option; numeric: none). */
  perOption: Int32Array;
}

/**
 * The cell of the group `sg` within [lo, hi) for a column, as sums over the classes its selection
 * holds of the range's tables — or null (the caller walks the members) when [lo, hi) lies outside
 * the checked range, or a table is neither kept nor to be made here. A range's missing table is
 * made by a walk over the universe's rows when the range is one of the report's shared ranges, or
 * as the sum of the tables of `parts` (ranges covering it exactly) where those are kept or shared.
 */
export function signatureCell(sg: SignatureGroup, keys: Uint32Array, col: CubeColumn, lo: number, hi: number, nps: boolean, parts?: readonly { lo: number; hi: number }[] | null): SignatureCell | null {
  if (hi <= lo || lo < sg.lo || hi > sg.hi) return null;
  const range = rangeKey(sg.index, lo, hi);
  const make = sg.shared.has(range);
  const gt = tableOf(sg.index, keys, null, false, lo, hi, range, make, sg.shared, parts);
  if (!gt) return null;
  const ct = tableOf(sg.index, keys, col, nps, lo, hi, range, make, sg.shared, parts);
  if (!ct) return null;
  return gather(col, nps, sg.classes, [gt], [ct]);
}

/** The cell keys of signatureCell. */
export function signatureKeys(sg: SignatureGroup, keys: Uint32Array, col: CubeColumn, lo: number, hi: number, nps: boolean, parts?: readonly { lo: number; hi: number }[] | null): SignatureKeys | null {
  return signatureCell(sg, keys, col, lo, hi, nps, parts)?.keys ?? null;
}

/**
 * The keys of the group `sg` over the whole chunks of [lo, hi) from the chunks' tables (made on
 * first use: the chunk grid is the same for every request), and those chunks' row range [lo', hi'):
 * the caller adds the keys of its members in [lo, lo') and [hi', hi). Null when [lo, hi) holds no
 * whole chunk, lies outside the checked range, or a table would be too large.
 */
export function signatureSpan(sg: SignatureGroup, keys: Uint32Array, col: CubeColumn, lo: number, hi: number, nps: boolean): { keys: SignatureKeys; lo: number; hi: number } | null {
  if (hi <= lo || lo < sg.lo || hi > sg.hi) return null;
  const [c, ka, kb] = chunksWithin(sg.index, lo, hi);
  if (kb <= ka) return null;
  const gts = chunkTables(sg.index, keys, null, false, ka, kb);
  const cts = gts && chunkTables(sg.index, keys, col, nps, ka, kb);
  if (!gts || !cts) return null;
  return { keys: gather(col, nps, sg.classes, gts, cts).keys, lo: ka * c, hi: kb * c };
}



/** Scratch sums and counts of gather (grown as needed): no allocation per cell but its results. */
let plus = new Float64Array(64);
let rows = new Float64Array(64);
const NONE_U32 = new Uint32Array(0);
const NONE_I32 = new Int32Array(0);

/** What gather finds: a column's cell keys and counts (signatureCell). */
type Gathered = SignatureCell;

/**
 * A column's cell keys and counts over `classes`, summed over the group-key tables `gts` and the
 * column tables `cts` (one range, or the whole chunks of a span). Key sums in exact Float64 (at
 * most ~32 chunks × MAX_CLASSES keys below 2³² per slot); ToUint32 (a Uint32Array store, >>> 0)
 * takes them modulo 2³²; counts are exact integers.
 */
function gather(col: CubeColumn, nps: boolean, classes: Int32Array, gts: readonly Table[], cts: readonly Table[]): Gathered {
  const nc = classes.length;
  let g = 0;
  let groupSize = 0;
  for (const t of gts) {
    const ts = t.sums;
    const tc = t.counts;
    for (let i = 0; i < nc; i++) (g += ts[classes[i]!]!), (groupSize += tc[classes[i]!]!);
  }
  const S = cts[0]!.slots;
  if (plus.length < S) (plus = new Float64Array(S * 2)), (rows = new Float64Array(S * 2));
  const p = plus;
  const r = rows;
  for (let s = 0; s < S; s++) (p[s] = 0), (r[s] = 0);
  for (const t of cts) {
    const ts = t.sums;
    const tc = t.counts;
    for (let i = 0; i < nc; i++) {
      const at = classes[i]! * S;
      for (let s = 0; s < S; s++) (p[s] = p[s]! + ts[at + s]!), (r[s] = r[s]! + tc[at + s]!);
    }
  }
  const group = g >>> 0;
  if (col.kind === 'numeric') {
    const keys: SignatureKeys = { group, answered: p[0]! >>> 0, options: NONE_U32 };
    if (nps) keys.nps = { base: [r[1]!, p[1]! >>> 0], promoters: [r[2]!, p[2]! >>> 0], detractors: [r[3]!, p[3]! >>> 0] };
    return { keys, groupSize, answered: r[0]!, perOption: NONE_I32 };
  }
  // Multiple choice: slot 0 answered, 1 + j option j; single choice and text: slot c code c (answered: every code).
  const multi = col.kind === 'multi';
  const n = multi ? S - 1 : col.kind === 'single' ? col.codes.length : col.dictionary.length;
  const options = new Uint32Array(n);
  const perOption = new Int32Array(n);
  for (let j = 0; j < n; j++) (options[j] = p[j + 1]!), (perOption[j] = r[j + 1]!);
  let answeredKey = 0;
  let answered = 0;
  if (multi) (answeredKey = p[0]!), (answered = r[0]!);
  else for (let c = 1; c < S; c++) (answeredKey = (answeredKey + (p[c]! >>> 0)) >>> 0), (answered += r[c]!);
  return { keys: { group, answered: answeredKey >>> 0, options }, groupSize, answered, perOption };
}

/** Bytes of the kept tables (for the bench and tests). */
export function signatureTableBytes(): number {
  return heldBytes;
}
