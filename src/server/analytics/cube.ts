import type { Bitset } from './bitset';

/**
 * The response cube of one survey version (ARCHITECTURE §8): one row per response, rows sorted by
 * submitted day so a date range is a contiguous row range [lo, hi). Built by CubeBuilder,
 * stored with serializeCube, cached by CubeCache. Respondent attributes (token attributes,
 * panel fields) are ordinary columns with `source: 'attribute'`.
 */
export interface Cube {
  surveyId: number;
  /** The survey's responses version; bumped whenever responses change. */
  version: number;
  rowCount: number;
  /**
   * Submitted day per row (days since 1970-01-01), ascending; an unfinished response has its start
   * day. Two bytes a row (Uint16Array: 1970 … 2149) unless a day falls outside that range.
   */
  days: Days;
  /**
   * Rows of completed responses (a submit date). Absent = every row is complete (cubes built
   * without that information). Reports count completed responses only unless they include
   * incomplete ones (universeBits).
   */
  complete?: Bitset;
  /**
   * The fixed random 32-bit record key of every row's response (stored with the response; cell-key
   * mode sums them into cell keys, analytics/cellkey). Never leaves the server. Absent only in
   * cubes made by hand (tests); CubeBuilder always sets it.
   */
  recordKeys?: Uint32Array;
  columns: CubeColumn[];
  /** Lookup by column key; rebuilt by indexColumns after deserialising. */
  byKey: Map<string, CubeColumn>;
}

export type ColumnSource = 'question' | 'attribute';

interface ColumnBase {
  key: string;
  source: ColumnSource;
}

/**
 * Per-row codes in the narrowest unsigned type that holds the largest (issue 20, scale): one byte
 * a row up to 255 values, two up to 65,535, four beyond. 0 = no answer. Numeric columns use them
 * (their sums read one code a row); choice and text columns are bit-sliced (Planes).
 */
export type Codes = Uint8Array | Uint16Array | Uint32Array;
export type Days = Uint16Array | Int32Array;

/** An array for `n` codes of at most `max`. */
export function codesFor(n: number, max: number): Codes {
  return max <= 0xff ? new Uint8Array(n) : max <= 0xffff ? new Uint16Array(n) : new Uint32Array(n);
}

/**
 * Bit-sliced codes (format 4): planes[j] is a row bitset holding bit j of every row's code, so a
 * row costs exactly as many bits as the largest code needs (3 for 5 options, 4 for 11) and a
 * group's count per code is a popcount of planes ANDed with the group's bitset (planes.ts).
 */
export type Planes = Bitset[];

/** Planes needed for codes 0 … max. */
export function planeCount(max: number): number {
  return max <= 0 ? 0 : 32 - Math.clz32(max);
}

/** Single choice (and each subquestion of an array): the 1-based option index per row (0 = no answer), bit-sliced. */
export interface SingleColumn extends ColumnBase {
  kind: 'single';
  codes: string[];
  /** Score per option (assessment value, else the numeric code, else NaN = not on the scale). */
  scores: Float64Array;
  planes: Planes;
  /** Lazily derived: "answered" (any plane set). Not serialised. */
  answeredBits?: Bitset;
}

/** Multiple choice: one bitset per option plus "answered the question" (at least one option or explicit). */
export interface MultiColumn extends ColumnBase {
  kind: 'multi';
  codes: string[];
  optionBits: Bitset[];
  answeredBits: Bitset;
}

/**
 * Numeric, dictionary-coded: data[r] = index into `values` (its distinct values, ascending), 0 = no
 * answer (values[0] is NaN). Survey numbers repeat (ages, amounts, scale points), so a row costs one
 * or two bytes instead of eight; the value a row has, and so every sum, is exactly the same.
 */
export interface NumericColumn extends ColumnBase {
  kind: 'numeric';
  data: Codes;
  values: Float64Array;
  answeredBits?: Bitset;
  /** Lazily derived: values with NaN (no answer) as 0, so sums need no branch. Not serialised. */
  zeroed?: Float64Array;
}

/** Short text with few distinct values: the 1-based index into dictionary per row (0 = no answer), bit-sliced. */
export interface TextColumn extends ColumnBase {
  kind: 'text';
  dictionary: string[];
  planes: Planes;
  answeredBits?: Bitset;
}

export type CubeColumn = SingleColumn | MultiColumn | NumericColumn | TextColumn;
export type ColumnKind = CubeColumn['kind'];

export function indexColumns(columns: CubeColumn[]): Map<string, CubeColumn> {
  return new Map(columns.map((c) => [c.key, c]));
}

export function getColumn(cube: Cube, key: string): CubeColumn {
  const col = cube.byKey.get(key);
  if (!col) throw new AnalyticsError('UNKNOWN_COLUMN', `unknown cube column ${key}`);
  return col;
}

/** Engine errors carry a machine code; the API layer maps them to AppError (422). */
export class AnalyticsError extends Error {
  constructor(
    readonly code: 'UNKNOWN_COLUMN' | 'BAD_CONDITION' | 'BAD_INPUT' | 'BAD_CUBE',
    message: string,
  ) {
    super(message);
    this.name = 'AnalyticsError';
  }
}

/** "Has an answer" bitset of any column, derived once and kept on the column. */
export function answeredBits(col: CubeColumn): Bitset {
  if (col.kind === 'multi') return col.answeredBits;
  if (col.answeredBits) return col.answeredBits;
  if (col.kind === 'numeric') {
    const bits = new Uint32Array((col.data.length + 31) >>> 5);
    const data = col.data;
    for (let r = 0; r < data.length; r++) if (data[r] !== 0) bits[r >>> 5]! |= 1 << (r & 31);
    return (col.answeredBits = bits);
  }
  return (col.answeredBits = anyPlane(col.planes, col.planes[0]?.length ?? 0));
}

function anyPlane(planes: Planes, words: number): Bitset {
  const bits = new Uint32Array(words);
  for (const p of planes) for (let w = 0; w < words; w++) bits[w]! |= p[w]!;
  return bits;
}

/**
 * The rows a report counts at all: completed responses only (default), or every response when the
 * report includes incomplete ones. Cached per cube; callers must not modify it.
 */
export function universeBits(cube: Cube, includeIncomplete: boolean | undefined): Bitset {
  if (!includeIncomplete && cube.complete) return cube.complete;
  let all = allRows.get(cube);
  if (!all) {
    all = new Uint32Array((cube.rowCount + 31) >>> 5);
    for (let r = 0; r < cube.rowCount; r++) all[r >>> 5]! |= 1 << (r & 31);
    allRows.set(cube, all);
  }
  return all;
}
const allRows = new WeakMap<Cube, Bitset>();

/** A numeric column's dictionary with "no answer" as 0 (adding 0 leaves a sum unchanged): zeroed[data[r]]. */
export function zeroedValues(col: NumericColumn): Float64Array {
  if (col.zeroed) return col.zeroed;
  const z = Float64Array.from(col.values, (v) => (v === v ? v : 0));
  return (col.zeroed = z);
}

/** The value of every row of a numeric column (NaN = no answer), decoded: for tests and tools, not the engine. */
export function numericValues(col: NumericColumn): Float64Array {
  return Float64Array.from(col.data, (i) => col.values[i]!);
}

/** Approximate bytes held by a cube (for the LRU budget), derived "answered" bitsets counted up front. */
export function cubeByteSize(cube: Cube): number {
  const bitset = Math.ceil(cube.rowCount / 32) * 4;
  let n = cube.days.byteLength + 256 + (cube.complete?.byteLength ?? 0) + (cube.recordKeys?.byteLength ?? 0);
  for (const c of cube.columns) {
    if (c.kind === 'multi') n += c.answeredBits.byteLength * (c.optionBits.length + 1) + c.codes.length * 16;
    else if (c.kind === 'single') n += bitset * (c.planes.length + 1) + c.codes.length * 24;
    else if (c.kind === 'numeric') n += c.data.byteLength + c.values.byteLength * 2 + bitset;
    else n += bitset * (c.planes.length + 1) + c.dictionary.reduce((s, d) => s + d.length * 2 + 16, 0);
  }
  return n;
}
