// Input generator shared by the engine tests and the brute-force oracle (the only shared code).
import type { BenchmarkInput, ColumnDef, Comparator, DataLocationSpec, FilterCategory, FilterCondition, Granularity, NMethod } from '../../../src/server/analytics';

/** mulberry32: small seeded PRNG so every failure reproduces from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

/** A raw response: single → code, multi → chosen codes ([] = answered, none chosen), numeric → number, text → string; null = no answer. */
export type RawValue = string | number | string[] | null;
export interface RawResponse {
  id: string;
  day: number;
  values: Record<string, RawValue>;
  /** false: an unfinished response (no submit date; its day is the start day). Default true. */
  complete?: boolean;
}

export interface Dataset {
  defs: ColumnDef[];
  responses: RawResponse[];
  firstDay: number;
  lastDay: number;
}

const TEXTS = ['Noord', 'Zuid', 'Oost', 'West', 'Centrum', '12', '7', 'zuid'];

export function generateColumns(rng: Rng, questions: number): ColumnDef[] {
  const defs: ColumnDef[] = [
    { key: 'age', source: 'attribute', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
    { key: 'district', source: 'attribute', kind: 'text' },
    { key: 'gender', source: 'attribute', kind: 'single', options: [{ code: 'M' }, { code: 'V' }, { code: 'X' }] },
  ];
  for (let q = 0; q < questions; q++) {
    const key = `q${q}`;
    switch (q % 6) {
      case 0:
        defs.push({ key, kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) });
        break;
      case 1:
        defs.push({ key, kind: 'single', options: [{ code: 'A1', score: 10 }, { code: 'A2', score: 20 }, { code: 'A3', score: 20 }, { code: 'A4', score: 40 }, { code: '-oth-', score: null }] });
        break;
      case 2:
        defs.push({ key, kind: 'single', options: Array.from({ length: 11 }, (_, i) => ({ code: String(i) })) });
        break;
      case 3:
        defs.push({ key, kind: 'multi', options: ['SQ1', 'SQ2', 'SQ3', 'SQ4', 'SQ5', 'SQ6'].slice(0, rng.int(2, 6)).map((code) => ({ code })) });
        break;
      case 4:
        defs.push({ key, kind: 'numeric' });
        break;
      default:
        defs.push({ key, kind: 'text' });
    }
  }
  return defs;
}

function rawValue(rng: Rng, def: ColumnDef): RawValue {
  if (rng.chance(0.15)) return null;
  switch (def.kind) {
    case 'single':
      return rng.chance(0.02) ? 'bogus' : rng.pick(def.options).code;
    case 'multi':
      return def.options.filter(() => rng.chance(0.4)).map((o) => o.code);
    case 'numeric':
      return rng.chance(0.5) ? rng.int(0, 10) : rng.int(-20, 200) / 2;
    case 'text':
      return rng.pick(TEXTS);
  }
}

export function generateDataset(seed: number, rows: number, questions = 12): Dataset {
  const rng = prng(seed);
  const defs = generateColumns(rng, questions);
  const firstDay = 19_700 + rng.int(0, 30);
  const span = rng.int(20, 500);
  const responses: RawResponse[] = [];
  for (let r = 0; r < rows; r++) {
    const values: Record<string, RawValue> = {};
    for (const def of defs) values[def.key] = rawValue(rng, def);
    responses.push({ id: `r${r}`, day: firstDay + rng.int(0, span), values });
  }
  return { defs, responses, firstDay, lastDay: firstDay + span };
}

const COMPARATORS: Comparator[] = ['equal', 'notEqual', 'greater', 'greaterOrEqual', 'less', 'lessOrEqual', 'in', 'notIn'];

function conditionValue(rng: Rng, def: ColumnDef, cmp: Comparator): FilterCondition['value'] {
  const one = (): string | number => {
    switch (def.kind) {
      case 'single':
        return rng.chance(0.2) ? rng.int(0, 40) : rng.pick(def.options).code;
      case 'multi':
        return rng.pick(def.options).code;
      case 'numeric':
        return rng.int(-5, 60);
      case 'text':
        return rng.pick([...TEXTS, '9']);
    }
  };
  if (cmp === 'in' || cmp === 'notIn') return Array.from({ length: rng.int(1, 3) }, one);
  return one();
}

export function generateCatalog(rng: Rng, defs: ColumnDef[], categories: number): FilterCategory[] {
  let optionId = 1;
  const out: FilterCategory[] = [];
  for (let c = 1; c <= categories; c++) {
    const options = Array.from({ length: rng.int(2, 5) }, () => {
      const conditions: FilterCondition[] = Array.from({ length: rng.int(1, 3) }, () => {
        const def = rng.pick(defs);
        let cmp = rng.pick(COMPARATORS);
        if (def.kind === 'multi' && ['greater', 'greaterOrEqual', 'less', 'lessOrEqual'].includes(cmp)) cmp = 'equal';
        return { columnKey: def.key, comparator: cmp, value: conditionValue(rng, def, cmp), operator: rng.chance(0.4) ? 'or' : 'and' };
      });
      return { id: optionId++, categoryId: c, conditions };
    });
    out.push({ id: c, options });
  }
  return out;
}

export function generateBenchmarks(rng: Rng, ds: Dataset, catalog: FilterCategory[], count: number): BenchmarkInput[] {
  return Array.from({ length: count }, (_, i) => {
    const ids: number[] = [];
    for (const cat of catalog) {
      if (rng.chance(0.5)) continue;
      for (const o of cat.options) if (rng.chance(0.35)) ids.push(o.id);
    }
    const start = rng.chance(0.4) ? null : ds.firstDay + rng.int(-5, 200);
    const end = rng.chance(0.4) ? null : (start ?? ds.firstDay) + rng.int(-3, 400);
    return { label: String.fromCharCode(65 + i), start, end, filterOptionIds: ids };
  });
}

export function generateDataLocations(rng: Rng, defs: ColumnDef[], count: number): DataLocationSpec[] {
  const methods: NMethod[] = ['respondents', 'answers', 'total'];
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    columnKey: rng.pick(defs).key,
    nMethod: rng.pick(methods),
    boxSize: rng.int(1, 3),
    nps: rng.chance(0.5),
  }));
}

export const GRANULARITIES: Granularity[] = ['day', 'week', 'month', 'quarter', 'year'];

/**
 * Data that makes differencing easy: days in a few bursts with long empty stretches (sparse days),
 * filter attributes with one rare option (1–3 % of respondents) and some unanswered, and a share of
 * unfinished responses. Background columns: `age` (5 codes), `district` (text: 5 common, 1 rare),
 * `gender` (M/V common, X rare, some blank), then the usual question columns.
 */
export function generateSparseDataset(seed: number, rows: number, questions = 6, opts: { incomplete?: number } = {}): Dataset {
  const rng = prng(seed);
  const defs = generateColumns(rng, questions);
  const firstDay = 19_700 + rng.int(0, 30);
  const span = rng.int(60, 400);
  const bursts = Array.from({ length: rng.int(3, 8) }, () => ({ at: rng.int(0, span), width: rng.int(0, 12) }));
  const weighted = <T>(items: [T, number][]): T => {
    let x = rng.next() * items.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of items) if ((x -= w) < 0) return v;
    return items[items.length - 1]![0];
  };
  const responses: RawResponse[] = [];
  for (let r = 0; r < rows; r++) {
    const values: Record<string, RawValue> = {};
    for (const def of defs) values[def.key] = rawValue(rng, def);
    values.age = weighted<RawValue>([['1', 30], ['2', 30], ['3', 25], ['4', 12], ['5', 2], [null, 1]]);
    values.district = weighted<RawValue>([['Noord', 25], ['Zuid', 25], ['Oost', 20], ['West', 20], ['Centrum', 8], ['12', 2]]);
    values.gender = weighted<RawValue>([['M', 47], ['V', 47], ['X', 3], [null, 3]]);
    const b = rng.pick(bursts);
    const day = rng.chance(0.9) ? firstDay + Math.min(span, b.at + rng.int(0, b.width)) : firstDay + rng.int(0, span);
    const resp: RawResponse = { id: `r${r}`, day, values };
    if (opts.incomplete && rng.chance(opts.incomplete)) resp.complete = false;
    responses.push(resp);
  }
  return { defs, responses, firstDay, lastDay: firstDay + span };
}

/** Filter categories like the generated ones of the portal: one option per answer of a background column (disjoint options). */
export function backgroundCatalog(): FilterCategory[] {
  const eq = (columnKey: string, value: string) => [{ columnKey, comparator: 'equal' as const, value }];
  const cat = (id: number, key: string, codes: string[]) => ({ id, options: codes.map((code, i) => ({ id: id * 100 + i + 1, categoryId: id, conditions: eq(key, code) })) });
  return [cat(1, 'age', ['1', '2', '3', '4', '5']), cat(2, 'district', ['Noord', 'Zuid', 'Oost', 'West', 'Centrum', '12']), cat(3, 'gender', ['M', 'V', 'X'])];
}
