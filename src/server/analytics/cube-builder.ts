import { AnalyticsError, type ColumnSource, type Cube, type CubeColumn, type Days, codesFor, indexColumns, planeCount } from './cube';
import { toPlanes } from './planes';

/** Column definitions the storage side derives from a survey's questions and respondent fields. */
export type ColumnDef =
  | { key: string; source?: ColumnSource; kind: 'single'; options: { code: string; score?: number | null }[] }
  | { key: string; source?: ColumnSource; kind: 'multi'; options: { code: string }[] }
  | { key: string; source?: ColumnSource; kind: 'numeric' }
  /** Short text; dropped from the cube when it has more than maxDistinct (default 500) distinct values. */
  | { key: string; source?: ColumnSource; kind: 'text'; maxDistinct?: number };

export interface BuildReport {
  /** Text columns left out because they have too many distinct values (long text). */
  droppedColumns: string[];
  /** Values that did not match an option code or a number, per column key. */
  rejectedValues: Record<string, number>;
  /** Responses fed values but never a submitted day; they are not in the cube. */
  rowsWithoutDay: number;
  /** Rows of unfinished responses (no submit date; setDay with complete = false). */
  incompleteRows: number;
}

type Stage =
  /** Single choice staged bit-sliced as well (3 bits a row for 5 options, not a byte): planes in feeding order. */
  | { def: Extract<ColumnDef, { kind: 'single' }>; codeIndex: Map<string, number>; planes: Uint32Array[] }
  | { def: Extract<ColumnDef, { kind: 'multi' }>; codeIndex: Map<string, number>; bits: Uint32Array[]; answered: Uint32Array }
  /** Numeric values dictionary-coded while staging (two bytes a row, not eight): code = 1-based index into `seen`. */
  | { def: Extract<ColumnDef, { kind: 'numeric' }>; index: Map<number, number>; seen: number[]; data: Uint16Array | Uint32Array }
  | { def: Extract<ColumnDef, { kind: 'text' }>; dict: Map<string, number>; data: Uint16Array | Uint32Array };

const NO_DAY = -2147483648;
const DENSE_IDS = 1 << 24;

function grown<T extends Uint8Array | Uint16Array | Int16Array | Int32Array | Float64Array | Uint32Array>(a: T, need: number, fill?: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 64));
  next.set(a);
  if (fill !== undefined) next.fill(fill, a.length);
  return next;
}

/**
 * Accepts responses and values in any order (e.g. a narrow table read column by column), then
 * builds a Cube with rows sorted by submitted day. Values: single → option code; multi → one call
 * per chosen option code (markAnswered for "answered, nothing chosen"); numeric → number or numeric
 * string; text → string. Empty strings, null and undefined mean "no answer".
 */
export class CubeBuilder {
  private readonly rowOf = new Map<string | number, number>();
  private readonly ids: (string | number)[] = [];
  private denseRow = new Int32Array(64);
  private days = new Int32Array(64).fill(NO_DAY);
  /** 1 = unfinished response (its day is the start day). */
  private unfinished = new Uint8Array(64);
  /** Record key per staged row (cell-key mode) and whether it was given (else derived: recordKeyOf). */
  private keys = new Uint32Array(64);
  private keyed = new Uint8Array(64);
  private rows = 0;
  private readonly stages = new Map<string, Stage>();
  private readonly rejected: Record<string, number> = {};

  constructor(
    private readonly surveyId: number,
    private readonly version: number,
    private readonly defs: ColumnDef[],
  ) {
    for (const def of defs) {
      if (this.stages.has(def.key)) throw new AnalyticsError('BAD_INPUT', `duplicate column ${def.key}`);
      this.stages.set(def.key, makeStage(def));
    }
  }

  /** Row index of a response, registering it on first sight. */
  row(responseId: string | number): number {
    // Small non-negative integer ids (the usual primary keys) skip the Map.
    const dense = typeof responseId === 'number' && responseId >= 0 && responseId < DENSE_IDS && Number.isInteger(responseId);
    if (dense && responseId < this.denseRow.length && this.denseRow[responseId]! > 0) return this.denseRow[responseId]! - 1;
    let r = dense ? undefined : this.rowOf.get(responseId);
    if (r === undefined) {
      if (dense) {
        this.denseRow = grown(this.denseRow, responseId + 1);
        this.denseRow[responseId] = this.rows + 1;
      }
      r = this.rows++;
      if (!dense) this.rowOf.set(responseId, r);
      this.ids.push(responseId);
      this.days = grown(this.days, this.rows, NO_DAY);
      this.unfinished = grown(this.unfinished, this.rows);
      this.keys = grown(this.keys, this.rows);
      this.keyed = grown(this.keyed, this.rows);
    }
    return r;
  }

  /** The response's day; `complete` = false for an unfinished response (no submit date: its start day). */
  setDay(responseId: string | number, day: number, complete = true): this {
    if (!Number.isInteger(day)) throw new AnalyticsError('BAD_INPUT', `day must be an integer: ${day}`);
    const r = this.row(responseId);
    this.days[r] = day;
    this.unfinished[r] = complete ? 0 : 1;
    return this;
  }

  /** The response's stored record key (0 … 2³²−1, survey_responses.record_key). */
  setRecordKey(responseId: string | number, key: number): this {
    if (!Number.isInteger(key) || key < 0 || key > 0xffffffff) throw new AnalyticsError('BAD_INPUT', `record key must be a 32-bit unsigned integer: ${key}`);
    const r = this.row(responseId);
    this.keys[r] = key;
    this.keyed[r] = 1;
    return this;
  }

  setValue(responseId: string | number, key: string, value: string | number | null | undefined): this {
    return this.put(this.stage(key), key, this.row(responseId), value);
  }

  /** One column's values for many responses at once (ids[i] gets values[i]). */
  setValues(key: string, ids: ArrayLike<string | number>, values: ArrayLike<string | number | null | undefined>): this {
    const st = this.stage(key);
    for (let i = 0; i < ids.length; i++) this.put(st, key, this.row(ids[i]!), values[i]);
    return this;
  }

  private stage(key: string): Stage {
    const st = this.stages.get(key);
    if (!st) throw new AnalyticsError('UNKNOWN_COLUMN', `unknown column ${key}`);
    return st;
  }

  private put(st: Stage, key: string, r: number, value: string | number | null | undefined): this {
    if (value === null || value === undefined || value === '') return this;
    switch (st.def.kind) {
      case 'single': {
        const s = st as Extract<Stage, { def: { kind: 'single' } }>;
        const i = s.codeIndex.get(String(value));
        if (i === undefined) return this.reject(key);
        const w = r >>> 5;
        const bit = 1 << (r & 31);
        for (let j = 0; j < s.planes.length; j++) {
          const p = (s.planes[j] = grown(s.planes[j]!, w + 1));
          if ((i + 1) & (1 << j)) p[w]! |= bit;
          else p[w]! &= ~bit;
        }
        return this;
      }
      case 'multi': {
        const s = st as Extract<Stage, { bits: Uint32Array[] }>;
        const i = s.codeIndex.get(String(value));
        if (i === undefined) return this.reject(key);
        const need = (r >>> 5) + 1;
        s.bits[i] = grown(s.bits[i]!, need);
        s.bits[i]![r >>> 5]! |= 1 << (r & 31);
        s.answered = grown(s.answered, need);
        s.answered[r >>> 5]! |= 1 << (r & 31);
        return this;
      }
      case 'numeric': {
        const s = st as Extract<Stage, { def: { kind: 'numeric' } }>;
        const v = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
        if (!Number.isFinite(v)) return this.reject(key);
        let code = s.index.get(v);
        if (code === undefined) {
          s.seen.push(v);
          s.index.set(v, (code = s.seen.length));
          if (code > 0xffff && s.data instanceof Uint16Array) s.data = Uint32Array.from(s.data);
        }
        s.data = grown(s.data, r + 1);
        s.data[r] = code;
        return this;
      }
      case 'text': {
        const s = st as Extract<Stage, { dict: Map<string, number> }>;
        const t = String(value).trim();
        if (t === '') return this;
        let code = s.dict.get(t);
        if (code === undefined) {
          s.dict.set(t, (code = s.dict.size + 1));
          if (code > 0xffff && s.data instanceof Uint16Array) s.data = Uint32Array.from(s.data);
        }
        s.data = grown(s.data, r + 1);
        s.data[r] = code;
        return this;
      }
    }
  }

  /** Multiple choice answered without any chosen option (e.g. an explicit "none"). */
  markAnswered(responseId: string | number, key: string): this {
    const st = this.stages.get(key);
    if (!st || st.def.kind !== 'multi') throw new AnalyticsError('BAD_INPUT', `${key} is not a multiple-choice column`);
    const s = st as Extract<Stage, { bits: Uint32Array[] }>;
    const r = this.row(responseId);
    s.answered = grown(s.answered, (r >>> 5) + 1);
    s.answered[r >>> 5]! |= 1 << (r & 31);
    return this;
  }

  private reject(key: string): this {
    this.rejected[key] = (this.rejected[key] ?? 0) + 1;
    return this;
  }

  /** Builds the cube; the staged values are handed over column by column (the builder is empty afterwards). */
  build(): { cube: Cube; report: BuildReport } {
    const steps = this.steps();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The same build with `pause()` awaited after every `everyColumns` columns, so a build in a
   * Worker isolate lets the isolate's requests run in between (a background rebuild); the cube is
   * the one build() gives (the same steps).
   */
  async buildPaced(pause: () => Promise<void>, everyColumns = 8): Promise<{ cube: Cube; report: BuildReport }> {
    const steps = this.steps();
    for (let i = 1, step = steps.next(); ; i++, step = steps.next()) {
      if (step.done) return step.value;
      if (i % everyColumns === 0) await pause();
    }
  }

  /** The build, one column per step. */
  private *steps(): Generator<void, { cube: Cube; report: BuildReport }> {
    const days = this.days;
    const ids = this.ids;
    let n = 0;
    for (let r = 0; r < this.rows; r++) if (days[r] !== NO_DAY) n++;
    const perm = new Int32Array(n);
    for (let r = 0, i = 0; r < this.rows; r++) if (days[r] !== NO_DAY) perm[i++] = r;
    // Day, then response id: the same responses give the same cube whatever order they were fed in.
    perm.sort((a, b) => days[a]! - days[b]! || compareIds(ids[a]!, ids[b]!));
    // Two bytes a day while every day fits (1970 … 2149), as the rows are sorted: first and last.
    const fits = n === 0 || (days[perm[0]!]! >= 0 && days[perm[n - 1]!]! <= 0xffff);
    const sortedDays: Days = fits ? new Uint16Array(n) : new Int32Array(n);
    for (let i = 0; i < n; i++) sortedDays[i] = days[perm[i]!]!;
    const complete = new Uint32Array((n + 31) >>> 5);
    let incomplete = 0;
    for (let i = 0; i < n; i++) {
      if (this.unfinished[perm[i]!]) incomplete++;
      else complete[i >>> 5]! |= 1 << (i & 31);
    }
    const recordKeys = new Uint32Array(n);
    for (let i = 0; i < n; i++) recordKeys[i] = this.keyed[perm[i]!] ? this.keys[perm[i]!]! : recordKeyOf(this.surveyId, ids[perm[i]!]!);
    const columns: CubeColumn[] = [];
    const dropped: string[] = [];
    for (const def of this.defs) {
      const col = finishColumn(this.stages.get(def.key)!, perm);
      // The staged values are handed over: release them before the next column (the build's peak).
      this.stages.set(def.key, makeStage(def));
      if (col) columns.push(col);
      else dropped.push(def.key);
      yield;
    }
    const cube: Cube = { surveyId: this.surveyId, version: this.version, rowCount: n, days: sortedDays, complete, recordKeys, columns, byKey: indexColumns(columns) };
    return { cube, report: { droppedColumns: dropped, rejectedValues: { ...this.rejected }, rowsWithoutDay: this.rows - n, incompleteRows: incomplete } };
  }
}

/**
 * The key of a response fed without a stored one (cubes built in tests, benches and tools from
 * generated data): a hash of survey and response id. The survey cube job always feeds the stored
 * random key (build-survey-cube.ts), which nobody outside the server can compute.
 */
export function recordKeyOf(surveyId: number, responseId: string | number): number {
  let h = Math.imul(surveyId | 0, 0x9e3779b1) ^ 0x811c9dc5;
  const s = String(responseId);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function compareIds(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function makeStage(def: ColumnDef): Stage {
  switch (def.kind) {
    case 'single':
      if (def.options.length > 32767) throw new AnalyticsError('BAD_INPUT', `too many options in ${def.key}`);
      return { def, codeIndex: new Map(def.options.map((o, i) => [o.code, i])), planes: Array.from({ length: planeCount(def.options.length) }, () => new Uint32Array(2)) };
    case 'multi':
      return { def, codeIndex: new Map(def.options.map((o, i) => [o.code, i])), bits: def.options.map(() => new Uint32Array(2)), answered: new Uint32Array(2) };
    case 'numeric':
      return { def, index: new Map(), seen: [], data: new Uint16Array(64) };
    case 'text':
      return { def, dict: new Map(), data: new Uint16Array(64) };
  }
}

function bitAt(bits: Uint32Array, r: number): boolean {
  const w = r >>> 5;
  return w < bits.length && (bits[w]! & (1 << (r & 31))) !== 0;
}

function finishColumn(st: Stage, perm: Int32Array): CubeColumn | null {
  const n = perm.length;
  const source = st.def.source ?? 'question';
  const key = st.def.key;
  if ('planes' in st) {
    const staged = st.planes;
    const planes = toPlanes(n, st.def.options.length, (i) => {
      const r = perm[i]!;
      let c = 0;
      for (let j = 0; j < staged.length; j++) if (bitAt(staged[j]!, r)) c |= 1 << j;
      return c;
    });
    const scores = Float64Array.from(st.def.options, (o) => optionScore(o.code, o.score));
    return { kind: 'single', key, source, codes: st.def.options.map((o) => o.code), scores, planes };
  }
  if ('bits' in st) {
    const words = (n + 31) >>> 5;
    const optionBits = st.bits.map(() => new Uint32Array(words));
    const answeredBits = new Uint32Array(words);
    for (let i = 0; i < n; i++) {
      const r = perm[i]!;
      if (!bitAt(st.answered, r)) continue;
      answeredBits[i >>> 5]! |= 1 << (i & 31);
      for (let o = 0; o < st.bits.length; o++) if (bitAt(st.bits[o]!, r)) optionBits[o]![i >>> 5]! |= 1 << (i & 31);
    }
    return { kind: 'multi', key, source, codes: st.def.options.map((o) => o.code), optionBits, answeredBits };
  }
  if ('dict' in st) {
    if (st.dict.size > (st.def.maxDistinct ?? 500)) return null;
    const entries = [...st.dict.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const remap = new Int32Array(st.dict.size + 1);
    entries.forEach(([, old], i) => (remap[old] = i + 1));
    const src = st.data;
    const planes = toPlanes(n, st.dict.size, (i) => (perm[i]! < src.length ? remap[src[perm[i]!]!]! : 0));
    return { kind: 'text', key, source, dictionary: entries.map((e) => e[0]), planes };
  }
  // Dictionary-coded: the distinct values ascending (after NaN = no answer), a code per row.
  const num = st as Extract<Stage, { def: { kind: 'numeric' } }>;
  const src = num.data;
  const used = new Uint8Array(num.seen.length + 1);
  for (let i = 0; i < n; i++) if (perm[i]! < src.length) used[src[perm[i]!]!] = 1;
  const distinct = num.seen.map((v, i) => ({ v, code: i + 1 })).filter((e) => used[e.code] === 1);
  distinct.sort((a, b) => a.v - b.v);
  const values = Float64Array.from([NaN, ...distinct.map((e) => e.v)]);
  const remap = new Uint32Array(num.seen.length + 1);
  distinct.forEach((e, i) => (remap[e.code] = i + 1));
  const data = codesFor(n, values.length - 1);
  for (let i = 0; i < n; i++) data[i] = perm[i]! < src.length ? remap[src[perm[i]!]!]! : 0;
  return { kind: 'numeric', key, source, data, values };
}

/** An option's place on a scale: its assessment value, else its code when numeric, else NaN. */
export function optionScore(code: string, score: number | null | undefined): number {
  if (typeof score === 'number' && Number.isFinite(score)) return score;
  const t = code.trim();
  const v = t === '' ? NaN : Number(t);
  return Number.isFinite(v) ? v : NaN;
}

/**
 * Bytes a cube of `rows` responses with these columns will hold in memory (cubeByteSize), known
 * before building it: exact for single and multiple choice; numeric columns at two bytes a row
 * (dictionary codes up to 65,535 distinct values); text columns as if their dictionary were as
 * large as allowed (maxDistinct, default 500: 9 planes). So an upper estimate for text.
 */
export function estimateCubeBytes(defs: ColumnDef[], rows: number): number {
  const bitset = Math.ceil(rows / 32) * 4;
  let n = bitset * 2 + 256 + rows * 4; // days (two bytes a row), "complete" and the record keys (four)
  for (const d of defs) {
    if (d.kind === 'single') n += bitset * (planeCount(d.options.length) + 1) + d.options.length * 24;
    else if (d.kind === 'multi') n += bitset * (d.options.length + 1) + d.options.length * 16;
    else if (d.kind === 'numeric') n += rows * 2 + bitset;
    else n += bitset * (planeCount(d.maxDistinct ?? 500) + 1);
  }
  return n;
}
