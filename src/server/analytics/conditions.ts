import { type Bitset, and, andNot, createBitset, or } from './bitset';
import { AnalyticsError, type Codes, type Cube, type CubeColumn, answeredBits, getColumn } from './cube';
import { planeMatch } from './planes';

/** The eight comparators of spec 001 §3 (filter condition). */
export const COMPARATORS = ['equal', 'notEqual', 'greater', 'greaterOrEqual', 'less', 'lessOrEqual', 'in', 'notIn'] as const;
export type Comparator = (typeof COMPARATORS)[number];
export type Operator = 'and' | 'or';
export type ConditionValue = string | number | (string | number)[];

/** One condition on a cube column. `operator` joins it to the conditions before it (ignored on the first). */
export interface FilterCondition {
  columnKey: string;
  comparator: Comparator;
  value: ConditionValue;
  operator?: Operator;
}

/**
 * Rows matching an option's conditions. Semantics (the brute-force test re-implements them):
 * - Conditions combine left to right; AND binds tighter than OR, so `a and b or c and d` is
 *   (a ∧ b) ∨ (c ∧ d). An option without conditions matches nobody.
 * - A row with no answer in the column never matches, whatever the comparator (also notEqual/notIn).
 * - single choice: equal/notEqual/in/notIn compare option codes; greater/less… compare the chosen
 *   option's score with the value (a number, or the score of the option with that code); options
 *   without a score never match an ordering comparison.
 * - multiple choice: equal c = c chosen; notEqual c = answered and c not chosen; in = any of the
 *   codes chosen; notIn = answered and none chosen. Ordering comparators are refused.
 * - numeric: numeric comparison with Number(value).
 * - text: exact comparison of trimmed strings; ordering compares numerically when both sides are
 *   numbers, else by UTF-16 code units.
 */
export function conditionsBitset(cube: Cube, conditions: FilterCondition[]): Bitset {
  let result: Bitset | null = null;
  let term: Bitset | null = null;
  for (let i = 0; i < conditions.length; i++) {
    const c = conditions[i]!;
    const bits = conditionBitset(cube, c);
    if (term === null) term = bits;
    else if (c.operator === 'or') {
      result = result ? or(result, term, result) : term;
      term = bits;
    } else term = and(term, bits, term);
  }
  if (term) result = result ? or(result, term, result) : term;
  return result ?? createBitset(cube.rowCount);
}

function values(v: ConditionValue): (string | number)[] {
  return Array.isArray(v) ? v : [v];
}

function asNumber(v: string | number): number {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return t === '' ? NaN : Number(t);
}

export function conditionBitset(cube: Cube, c: FilterCondition): Bitset {
  const col = getColumn(cube, c.columnKey);
  if (!(COMPARATORS as readonly string[]).includes(c.comparator)) throw new AnalyticsError('BAD_CONDITION', `unknown comparator ${c.comparator}`);
  const list = values(c.value);
  if (list.length === 0) throw new AnalyticsError('BAD_CONDITION', 'condition without a value');
  switch (col.kind) {
    case 'multi':
      return multiBitset(cube, col, c.comparator, list.map(String));
    case 'numeric':
      return tableScan(cube, col.data, numericTable(col.values, c.comparator, list.map(asNumber)));
    case 'single':
      return planeMatch(col.planes, cube.rowCount, padded(singleTable(col, c.comparator, list), col.planes.length));
    case 'text':
      return planeMatch(col.planes, cube.rowCount, padded(textTable(col.dictionary, c.comparator, list), col.planes.length));
  }
}

function ordered(cmp: Comparator, a: number, b: number): boolean {
  switch (cmp) {
    case 'greater':
      return a > b;
    case 'greaterOrEqual':
      return a >= b;
    case 'less':
      return a < b;
    case 'lessOrEqual':
      return a <= b;
    default:
      return false;
  }
}

function isOrdering(cmp: Comparator): boolean {
  return cmp === 'greater' || cmp === 'greaterOrEqual' || cmp === 'less' || cmp === 'lessOrEqual';
}

/** match[code] for codes 1..n; code 0 (no answer) never matches. */
function singleTable(col: Extract<CubeColumn, { kind: 'single' }>, cmp: Comparator, list: (string | number)[]): Uint8Array {
  const table = new Uint8Array(col.codes.length + 1);
  const wanted = new Set(list.map(String));
  let threshold = NaN;
  if (isOrdering(cmp)) {
    const v = list[0]!;
    const byCode = col.codes.indexOf(String(v));
    threshold = byCode >= 0 ? col.scores[byCode]! : asNumber(v);
  }
  for (let i = 0; i < col.codes.length; i++) {
    const code = col.codes[i]!;
    const hit = isOrdering(cmp) ? ordered(cmp, col.scores[i]!, threshold) : cmp === 'equal' || cmp === 'in' ? wanted.has(code) : !wanted.has(code);
    table[i + 1] = hit ? 1 : 0;
  }
  return table;
}

function textTable(dictionary: string[], cmp: Comparator, list: (string | number)[]): Uint8Array {
  const table = new Uint8Array(dictionary.length + 1);
  const wanted = new Set(list.map((v) => String(v).trim()));
  const v = String(list[0]!).trim();
  const vNum = asNumber(v);
  for (let i = 0; i < dictionary.length; i++) {
    const d = dictionary[i]!;
    let hit: boolean;
    if (!isOrdering(cmp)) hit = cmp === 'equal' || cmp === 'in' ? wanted.has(d) : !wanted.has(d);
    else {
      const dNum = asNumber(d);
      if (Number.isFinite(dNum) && Number.isFinite(vNum)) hit = ordered(cmp, dNum, vNum);
      else hit = ordered(cmp, d < v ? -1 : d > v ? 1 : 0, 0);
    }
    table[i + 1] = hit ? 1 : 0;
  }
  return table;
}

/** A code table widened to every code the planes can hold (codes beyond the options never occur). */
function padded(table: Uint8Array, planes: number): Uint8Array {
  const out = new Uint8Array(Math.max(1 << planes, table.length));
  out.set(table);
  return out;
}

function tableScan(cube: Cube, data: Codes, table: Uint8Array): Bitset {
  const out = createBitset(cube.rowCount);
  for (let r = 0; r < data.length; r++) if (table[data[r]!] === 1) out[r >>> 5]! |= 1 << (r & 31);
  return out;
}

/** Which of a numeric column's distinct values (index 0 = no answer, never a hit) meet the condition. */
function numericTable(values: Float64Array, cmp: Comparator, list: number[]): Uint8Array {
  if (list.some((v) => Number.isNaN(v))) throw new AnalyticsError('BAD_CONDITION', 'numeric condition needs numbers');
  const table = new Uint8Array(values.length);
  const v0 = list[0]!;
  const set = new Set(list);
  for (let i = 1; i < values.length; i++) {
    const x = values[i]!;
    if (x !== x) continue;
    let hit: boolean;
    if (cmp === 'equal' || cmp === 'in') hit = set.has(x);
    else if (cmp === 'notEqual' || cmp === 'notIn') hit = !set.has(x);
    else hit = ordered(cmp, x, v0);
    table[i] = hit ? 1 : 0;
  }
  return table;
}

function multiBitset(cube: Cube, col: Extract<CubeColumn, { kind: 'multi' }>, cmp: Comparator, codes: string[]): Bitset {
  if (isOrdering(cmp)) throw new AnalyticsError('BAD_CONDITION', `${cmp} does not apply to multiple choice ${col.key}`);
  const any = createBitset(cube.rowCount);
  for (const code of codes) {
    const i = col.codes.indexOf(code);
    if (i >= 0) or(any, col.optionBits[i]!, any);
  }
  if (cmp === 'equal' || cmp === 'in') return any;
  return andNot(answeredBits(col), any);
}
