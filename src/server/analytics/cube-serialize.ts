import { AnalyticsError, type Cube, type CubeColumn, indexColumns } from './cube';

/**
 * Binary cube format (one blob per survey version in R2), little-endian:
 *   0  8 bytes  magic "IMPZCUBE"
 *   8  u32      format version (CUBE_FORMAT_VERSION)
 *  12  u32      header length H in bytes
 *  16  H bytes  UTF-8 JSON header: survey id, version, row count, the [offset, length] of the
 *               days and of the "complete" bitset (format 2), per column its kind, key, source,
 *               codes / scores / dictionary and the [offset, length] of each of its arrays
 *  …            zero padding to a multiple of 8, then the typed arrays, each 8-byte aligned
 * Offsets are relative to the start of the body. Deserialising creates views over the blob (one
 * aligned copy when the input is not 8-byte aligned), so loading costs no per-row work.
 */
export const CUBE_FORMAT_VERSION = 2;
const MAGIC = 'IMPZCUBE';

type Span = [offset: number, length: number];

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
  columns: HeaderColumn[];
}

type Arr = Int16Array | Int32Array | Uint32Array | Float64Array;

export function serializeCube(cube: Cube): Uint8Array {
  const arrays: Arr[] = [];
  let offset = 0;
  const place = (a: Arr): Span => {
    const span: Span = [offset, a.length];
    arrays.push(a);
    offset += align8(a.byteLength);
    return span;
  };
  const days = place(cube.days);
  const complete = cube.complete ? place(cube.complete) : undefined;
  const columns: HeaderColumn[] = cube.columns.map((c) => {
    const base = { key: c.key, source: c.source, kind: c.kind };
    switch (c.kind) {
      case 'single':
        return { ...base, codes: c.codes, scores: Array.from(c.scores, (s) => (Number.isNaN(s) ? null : s)), spans: [place(c.data)] };
      case 'multi':
        return { ...base, codes: c.codes, spans: [place(c.answeredBits), ...c.optionBits.map(place)] };
      case 'numeric':
        return { ...base, spans: [place(c.data)] };
      case 'text':
        return { ...base, dictionary: c.dictionary, spans: [place(c.data)] };
    }
  });
  const header: Header = { surveyId: cube.surveyId, version: cube.version, rowCount: cube.rowCount, days, ...(complete ? { complete } : {}), columns };
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
  function take<T extends Arr>(Ctor: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number }, [off, len]: Span): T {
    const start = bodyStart + off;
    if (start + len * Ctor.BYTES_PER_ELEMENT > end) throw new AnalyticsError('BAD_CUBE', 'truncated cube blob');
    return new Ctor(buf, start, len);
  }
  const columns: CubeColumn[] = header.columns.map((h): CubeColumn => {
    const base = { key: h.key, source: h.source };
    switch (h.kind) {
      case 'single':
        return { ...base, kind: 'single', codes: h.codes ?? [], scores: Float64Array.from(h.scores ?? [], (s) => s ?? NaN), data: take(Int16Array, h.spans[0]!) };
      case 'multi':
        return { ...base, kind: 'multi', codes: h.codes ?? [], answeredBits: take(Uint32Array, h.spans[0]!), optionBits: h.spans.slice(1).map((s) => take(Uint32Array, s)) };
      case 'numeric':
        return { ...base, kind: 'numeric', data: take(Float64Array, h.spans[0]!) };
      case 'text':
        return { ...base, kind: 'text', dictionary: h.dictionary ?? [], data: take(Int32Array, h.spans[0]!) };
    }
  });
  return {
    surveyId: header.surveyId,
    version: header.version,
    rowCount: header.rowCount,
    days: take(Int32Array, header.days),
    ...(header.complete ? { complete: take(Uint32Array, header.complete) } : {}),
    columns,
    byKey: indexColumns(columns),
  };
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
