import { describe, expect, it } from 'vitest';
import { type Bitset, type ColumnDef, type Cube, CubeBuilder, answeredBits, hasBit, numericValues, planeCodes, universeBits } from '../../../../src/server/analytics';
import { type FilterCategory, selectionBitset, selectionOf } from '../../../../src/server/analytics/benchmarks';
import { cellKeysOf } from '../../../../src/server/analytics/cellkey/perturb';
import { classIndexOf, rangeKey, signatureCell, signatureGroup, signatureKeys } from '../../../../src/server/analytics/cellkey/signatures';
import { prng } from '../generate';

/**
 * Filter signatures (cellkey/signatures.ts): the cell keys of a group that is universe ∧ selection
 * within a range, taken from per-class tables, must equal the plain sums of its members' record
 * keys modulo 2³² (bit-identical), and its counts the plain counts of its members — for random
 * catalogues (single-choice categories, overlapping multiple-choice and numeric categories), random
 * selections, ranges and universes, tables made by a walk, from whole chunks and summed from
 * parts, and ranges of their own (whole chunks from the chunk tables, the edges walked); and a
 * group that is not exactly universe ∧ selection must never take the shortcut.
 */
/** Three whole chunks of the chunk grid (4,096 rows each) and a ragged end. */
const ROWS = 3 * 4096 + 811;
const eq = (columnKey: string, value: string | number, comparator = 'equal') => ({ columnKey, comparator, value }) as never;

function cubeOf(seed: number): Cube {
  const rnd = prng(seed).next;
  const defs: ColumnDef[] = [
    { key: 'f1', kind: 'single', options: ['a', 'b', 'c', 'd'].map((code) => ({ code })) },
    { key: 'fm', kind: 'multi', options: ['A', 'B', 'C'].map((code) => ({ code })) },
    { key: 'fn', kind: 'numeric' },
    { key: 's3', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
    { key: 's6', kind: 'single', options: Array.from({ length: 40 }, (_, i) => ({ code: `c${i}` })) },
    { key: 'm', kind: 'multi', options: ['x', 'y', 'z', 'w'].map((code) => ({ code })) },
    { key: 'n', kind: 'numeric' },
    { key: 't', kind: 'text' },
  ];
  const b = new CubeBuilder(1, 1, defs);
  for (let id = 1; id <= ROWS; id++) {
    b.setDay(id, 20_000 + Math.floor(rnd() * 300), rnd() > 0.05);
    if (rnd() > 0.08) b.setValue(id, 'f1', 'abcd'[Math.floor(rnd() * rnd() * 4)]);
    for (const o of ['A', 'B', 'C']) if (rnd() < 0.35) b.setValue(id, 'fm', o);
    if (rnd() > 0.1) b.setValue(id, 'fn', Math.floor(rnd() * 12));
    if (rnd() > 0.1) b.setValue(id, 's3', String(1 + Math.floor(rnd() * 5)));
    if (rnd() > 0.1) b.setValue(id, 's6', `c${Math.floor(rnd() * 40)}`);
    for (const o of ['x', 'y', 'z', 'w']) if (rnd() < 0.4) b.setValue(id, 'm', o);
    if (rnd() > 0.2) b.setValue(id, 'n', Math.floor(rnd() * 13));
    if (rnd() > 0.3) b.setValue(id, 't', ['rood', 'groen', 'blauw', 'geel', 'paars'][Math.floor(rnd() * 5)]);
  }
  return b.build().cube;
}

/** A random catalogue: a single-choice category, and overlapping ones (multiple choice, numeric ranges). */
function catalogOf(rnd: () => number): FilterCategory[] {
  const all: FilterCategory[] = [
    { id: 1, options: ['a', 'b', 'c', 'd'].map((v, i) => ({ id: 10 + i, categoryId: 1, conditions: [eq('f1', v)] })) },
    { id: 2, options: ['A', 'B', 'C'].map((v, i) => ({ id: 20 + i, categoryId: 2, conditions: [eq('fm', v)] })) },
    {
      id: 3,
      options: [
        { id: 30, categoryId: 3, conditions: [eq('fn', 3, 'greater')] },
        { id: 31, categoryId: 3, conditions: [eq('fn', 8, 'lessOrEqual')] },
        { id: 32, categoryId: 3, conditions: [eq('fn', 5, 'greaterOrEqual'), eq('f1', 'a', 'notEqual')] },
      ],
    },
  ];
  return all.filter(() => rnd() < 0.75);
}

function selectionIds(catalog: FilterCategory[], rnd: () => number): number[] {
  const ids: number[] = [];
  for (const cat of catalog) {
    if (rnd() < 0.4) continue;
    for (const o of cat.options) if (rnd() < 0.45) ids.push(o.id);
  }
  return ids;
}

const members = (bits: Bitset, lo: number, hi: number, and?: Bitset) => {
  const rows: number[] = [];
  for (let r = lo; r < hi; r++) if (hasBit(bits, r) && (!and || hasBit(and, r))) rows.push(r);
  return rows;
};
const decoded = new WeakMap<object, Uint32Array>();
const codesOf = (planes: Parameters<typeof planeCodes>[0], rows: number) => decoded.get(planes) ?? (decoded.set(planes, planeCodes(planes, rows)), decoded.get(planes)!);
const keyOf = (keys: Uint32Array, rows: number[]) => rows.reduce((s, r) => (s + keys[r]!) % 4294967296, 0);

/** Members per option (single choice and text: per code 1 … n; multiple choice: per option; numeric: none). */
function optionRows(cube: Cube, colKey: string, bits: Bitset, lo: number, hi: number): number[][] {
  const col = cube.byKey.get(colKey)!;
  if (col.kind === 'multi') return col.optionBits.map((o) => members(bits, lo, hi, o));
  if (col.kind === 'numeric') return [];
  const rows = members(bits, lo, hi);
  const codes = codesOf(col.planes, cube.rowCount);
  const n = col.kind === 'single' ? col.codes.length : col.dictionary.length;
  return Array.from({ length: n }, (_, i) => rows.filter((r) => codes[r] === i + 1));
}

/** The plain sums a cell needs, member by member. */
function plainKeys(cube: Cube, keys: Uint32Array, colKey: string, bits: Bitset, lo: number, hi: number, nps: boolean) {
  const col = cube.byKey.get(colKey)!;
  const rows = members(bits, lo, hi);
  const options = optionRows(cube, colKey, bits, lo, hi).map((rs) => keyOf(keys, rs));
  const out: Record<string, unknown> = { group: keyOf(keys, rows), answered: keyOf(keys, members(bits, lo, hi, answeredBits(col))), options };
  if (nps && col.kind === 'numeric') {
    const v = numericValues(col);
    const part = (f: (x: number) => boolean) => {
      const rs = rows.filter((r) => v[r]! >= 0 && v[r]! <= 10 && f(v[r]!));
      return [rs.length, keyOf(keys, rs)];
    };
    out.nps = { base: part(() => true), promoters: part((x) => x >= 9), detractors: part((x) => x <= 6) };
  }
  return out;
}

/** Members, members who answered, members per option. */
function plainCounts(cube: Cube, colKey: string, bits: Bitset, lo: number, hi: number): [number, number, number[]] {
  const col = cube.byKey.get(colKey)!;
  return [members(bits, lo, hi).length, members(bits, lo, hi, answeredBits(col)).length, optionRows(cube, colKey, bits, lo, hi).map((rs) => rs.length)];
}

const plain = (k: { group: number; answered: number; options: Uint32Array; nps?: unknown }) => ({ group: k.group, answered: k.answered, options: Array.from(k.options), ...(k.nps ? { nps: k.nps } : {}) });

describe('filter signatures', () => {
  for (const seed of [5, 23]) {
    const cube = cubeOf(seed);
    const keys = cube.recordKeys!;
    const rnd = prng(seed * 11 + 3).next;

    it(`keys from signature tables equal the plain sums of the members' keys (seed ${seed}): random catalogues, selections, ranges, universes`, () => {
      let checked = 0;
      let spans = 0;
      for (let round = 0; round < 7; round++) {
        const catalog = catalogOf(rnd);
        const base = universeBits(cube, rnd() < 0.5);
        const index = classIndexOf(cube, catalog, base);
        expect(index).not.toBeNull();
        for (let s = 0; s < 4; s++) {
          const ids = selectionIds(catalog, rnd);
          const selection = selectionOf(catalog, ids);
          const lo = rnd() < 0.3 ? 0 : Math.floor(rnd() * ROWS * 0.4);
          const hi = rnd() < 0.3 ? ROWS : lo + 1 + Math.floor(rnd() * (ROWS - lo - 1));
          const bits = selectionBitset(cube, catalog, selection, lo, hi, base);
          const shared = new Set([rangeKey(index!, lo, hi)]);
          const sg = signatureGroup(index!, catalog, { bits, lo, hi, selection }, shared);
          expect(sg).not.toBeNull();
          // Parts (as trend buckets): tables summed from theirs when only the parts are shared.
          const cut = lo + Math.floor(rnd() * (hi - lo));
          const parts = [
            { lo, hi: cut },
            { lo: cut, hi },
          ];
          if (Math.floor((hi - 1) / 4096) - Math.ceil((lo + 1) / 4096) >= 1) spans++;
          const partsOnly = signatureGroup(index!, catalog, { bits, lo, hi, selection }, new Set(parts.map((p) => rangeKey(index!, p.lo, p.hi))));
          for (const col of cube.columns) {
            for (const nps of [false, true]) {
              const want = plainKeys(cube, keys, col.key, bits, lo, hi, nps);
              const k = signatureKeys(sg!, keys, col, lo, hi, nps);
              expect(k).not.toBeNull();
              expect(plain(k!)).toEqual(want);
              // The true counts from the same tables: members, answered, per option.
              const cell = signatureCell(sg!, keys, col, lo, hi, nps)!;
              expect([cell.groupSize, cell.answered, Array.from(cell.perOption)]).toEqual(plainCounts(cube, col.key, bits, lo, hi));
              // Again (kept table), from the parts' tables, and through cellKeysOf.
              expect(plain(signatureKeys(sg!, keys, col, lo, hi, nps)!)).toEqual(want);
              if (cut > lo && cut < hi) {
                expect(plain(signatureKeys(partsOnly!, keys, col, lo, hi, nps, parts)!)).toEqual(want);
                for (const p of parts) expect(plain(signatureKeys(partsOnly!, keys, col, p.lo, p.hi, nps)!)).toEqual(plainKeys(cube, keys, col.key, bits, p.lo, p.hi, nps));
              }
              expect(plain(cellKeysOf(col, keys, bits, lo, hi, nps, base, null, sg))).toEqual(want);
              // A range of its own (no table shared or kept): whole chunks from the chunk tables, the edges walked.
              if (hi - lo > 2) expect(plain(cellKeysOf(col, keys, bits, lo + 1, hi - 1, nps, null, null, partsOnly))).toEqual(plainKeys(cube, keys, col.key, bits, lo + 1, hi - 1, nps));
              expect(plain(cellKeysOf(col, keys, bits, lo, hi, nps, null))).toEqual(want);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(400);
      expect(spans).toBeGreaterThan(10);
    }, 60_000);

    it(`never takes the shortcut for rows that are not universe ∧ selection, or outside the checked range (seed ${seed})`, () => {
      const catalog = catalogOf(() => 0);
      const base = universeBits(cube, false);
      const index = classIndexOf(cube, catalog, base)!;
      const selection = selectionOf(catalog, [10, 11, 21]);
      const [lo, hi] = [100, ROWS - 100];
      const bits = selectionBitset(cube, catalog, selection, lo, hi, base);
      const shared = new Set([rangeKey(index, lo, hi), rangeKey(index, 0, ROWS)]);
      expect(signatureGroup(index, catalog, { bits, lo, hi, selection }, shared)).not.toBeNull();
      // One row more, one row less, or the rows of another universe: refused.
      const row = members(bits, lo, hi)[7]!;
      const less = Uint32Array.from(bits);
      less[row >>> 5]! &= ~(1 << (row & 31));
      expect(signatureGroup(index, catalog, { bits: less, lo, hi, selection }, shared)).toBeNull();
      const outside = members(base, lo, hi).find((r) => !hasBit(bits, r))!;
      const more = Uint32Array.from(bits);
      more[outside >>> 5]! |= 1 << (outside & 31);
      expect(signatureGroup(index, catalog, { bits: more, lo, hi, selection }, shared)).toBeNull();
      const all = selectionBitset(cube, catalog, selection, lo, hi, universeBits(cube, true));
      if (members(all, lo, hi).length !== members(bits, lo, hi).length) expect(signatureGroup(index, catalog, { bits: all, lo, hi, selection }, shared)).toBeNull();
      // A range beyond the checked one: no keys from tables (the caller walks the members).
      const sg = signatureGroup(index, catalog, { bits, lo, hi, selection }, shared)!;
      expect(signatureKeys(sg, keys, cube.columns[3]!, 0, ROWS, false)).toBeNull();
      // A range not shared and not kept: no table is made.
      expect(signatureKeys(sg, keys, cube.columns[3]!, lo + 1, hi, false)).toBeNull();
    });
  }
});
