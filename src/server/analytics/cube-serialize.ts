import { AnalyticsError, type Cube, type CubeColumn, indexColumns } from './cube';

/**
 * Binary cube format (one blob per survey version in R2), little-endian:
 *   0  8 bytes  magic "IMPZCUBE"
 *   8  u32      format version (CUBE_FORMAT_VERSION)
 *  12  u32      header length H in bytes
 *  16  H bytes  UTF-8 JSON header: survey id, version, row count, the [offset, length, type] of
 *               the days and of the "complete" bitset, per column its kind, key, source,
 *               codes / scores / dictionary and the [offset, length, type] of each of its arrays
 *               (type: u8, u16, u32, i32 or f64). Format 4: single choice and text columns are
 *               bit-sliced — their spans are the planes (u32 bitsets, bit j of each row's code);
 *               numeric columns are dictionary-coded (codes in the narrowest type, then the
 *               values); days in the narrowest type. Format 5: the record keys (u32 per row,
 *               cell-key mode) when the cube has them. A blob of another format is refused, and
 *               the caller rebuilds it (load-cube.ts).
 *  …            zero padding to a multiple of 8, then the typed arrays, each 8-byte aligned
 * Offsets are relative to the start of the body. Deserialising creates views over the blob (one
 * aligned copy when the input is not 8-byte aligned), so loading costs no per-row work.
 */
export const CUBE_FORMAT_VERSION = 5;
const MAGIC = 'IMPZCUBE';

type ArrayType = 'u8' | 'u16' | 'u32' | 'i32' | 'f64';
type Span = [offset: number, length: number, type: ArrayType];

interface HeaderColumn {
  key: string;
  source: CubeColumn['source'];
  kind: CubeColumn['kind'];
  codes?: string[];
  scores?: (number | null)[];
  dictionary?: string[];
  spans: Span[];
}

interface Header {
  surveyId: number;
  version: number;
  rowCount: number;
  days: Span;
  /** Rows of completed responses (absent: every row is complete). */
  complete?: Span;
  /** Record keys per row (cell-key mode). */
  recordKeys?: Span;
  columns: HeaderColumn[];
}

type Arr = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

const typeOf = (a: Arr): ArrayType =>
  a instanceof Uint8Array ? 'u8' : a instanceof Uint16Array ? 'u16' : a instanceof Uint32Array ? 'u32' : a instanceof Int32Array ? 'i32' : 'f64';
const CTORS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;

export function serializeCube(cube: Cube): Uint8Array {
  const arrays: Arr[] = [];
  let offset = 0;
  const place = (a: Arr): Span => {
    const span: Span = [offset, a.length, typeOf(a)];
    arrays.push(a);
    offset += align8(a.byteLength);
    return span;
  };
  const days = place(cube.days);
  const complete = cube.complete ? place(cube.complete) : undefined;
  const recordKeys = cube.recordKeys ? place(cube.recordKeys) : undefined;
  const columns: HeaderColumn[] = cube.columns.map((c) => {
    const base = { key: c.key, source: c.source, kind: c.kind };
    switch (c.kind) {
      case 'single':
        return { ...base, codes: c.codes, scores: Array.from(c.scores, (s) => (Number.isNaN(s) ? null : s)), spans: c.planes.map(place) };
      case 'multi':
        return { ...base, codes: c.codes, spans: [place(c.answeredBits), ...c.optionBits.map(place)] };
      case 'numeric':
        return { ...base, spans: [place(c.data), place(c.values)] };
      case 'text':
        return { ...base, dictionary: c.dictionary, spans: c.planes.map(place) };
    }
  });
  const header: Header = { surveyId: cube.surveyId, version: cube.version, rowCount: cube.rowCount, days, ...(complete ? { complete } : {}), ...(recordKeys ? { recordKeys } : {}), columns };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const bodyStart = align8(16 + json.byteLength);
  const out = new Uint8Array(bodyStart + offset);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, CUBE_FORMAT_VERSION, true);
  view.setUint32(12, json.byteLength, true);
  out.set(json, 16);
  let at = bodyStart;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += align8(a.byteLength);
  }
  return out;
}

export function deserializeCube(input: Uint8Array | ArrayBuffer): Cube {
  let bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.byteLength < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new AnalyticsError('BAD_CUBE', 'not a cube blob');
  }
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getUint32(8, true);
  if (format !== CUBE_FORMAT_VERSION) throw new AnalyticsError('BAD_CUBE', `unsupported cube format ${format}`);
  const jsonLength = view.getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength))) as Header;
  const bodyStart = bytes.byteOffset + align8(16 + jsonLength);
  const buf = bytes.buffer;
  const end = bytes.byteOffset + bytes.byteLength;
  /** The array at a span, of the type the span names — one of `allowed`, else the blob is bad. */
  function take<T extends ArrayType>([off, len, type]: Span, ...allowed: T[]): InstanceType<(typeof CTORS)[T]> {
    if (!allowed.includes(type as T)) throw new AnalyticsError('BAD_CUBE', `unexpected array type ${type}`);
    const Ctor = CTORS[type] as unknown as { new (b: ArrayBufferLike, o: number, n: number): InstanceType<(typeof CTORS)[T]>; BYTES_PER_ELEMENT: number };
    const start = bodyStart + off;
    if (start + len * Ctor.BYTES_PER_ELEMENT > end) throw new AnalyticsError('BAD_CUBE', 'truncated cube blob');
    return new Ctor(buf, start, len);
  }
  const CODES = ['u8', 'u16', 'u32'] as const;
  const columns: CubeColumn[] = header.columns.map((h): CubeColumn => {
    const base = { key: h.key, source: h.source };
    switch (h.kind) {
      case 'single':
        return { ...base, kind: 'single', codes: h.codes ?? [], scores: Float64Array.from(h.scores ?? [], (s) => s ?? NaN), planes: h.spans.map((s) => take(s, 'u32')) };
      case 'multi':
        return { ...base, kind: 'multi', codes: h.codes ?? [], answeredBits: take(h.spans[0]!, 'u32'), optionBits: h.spans.slice(1).map((s) => take(s, 'u32')) };
      case 'numeric':
        return { ...base, kind: 'numeric', data: take(h.spans[0]!, ...CODES), values: take(h.spans[1]!, 'f64') };
      case 'text':
        return { ...base, kind: 'text', dictionary: h.dictionary ?? [], planes: h.spans.map((s) => take(s, 'u32')) };
    }
  });
  return {
    surveyId: header.surveyId,
    version: header.version,
    rowCount: header.rowCount,
    days: take(header.days, 'u16', 'i32'),
    ...(header.complete ? { complete: take(header.complete, 'u32') } : {}),
    ...(header.recordKeys ? { recordKeys: take(header.recordKeys, 'u32') } : {}),
    columns,
    byKey: indexColumns(columns),
  };
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
