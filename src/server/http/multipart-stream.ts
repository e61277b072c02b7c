/**
 * A streaming reader of `multipart/form-data` bodies: each part's content is handed on chunk by
 * chunk as it arrives, so a 64 MB file never sits in the Worker's memory. (Hono's parseBody and
 * the multipart parsers on npm that run on Workers buffer every part whole; busboy needs Node
 * streams.) Only what uploads need: part headers `Content-Disposition` and `Content-Type`.
 *
 * Memory: the body is read into one window of 256 kB that is used again for every read — with
 * BYOB reads where the stream allows them (workerd's request bodies), by copying otherwise — so
 * reading a 60 MB file leaves no 60 MB of chunks behind for the garbage collector. A part's
 * chunks are views on that window: valid until the consumer asks for the next one (copy what
 * you keep; `files/store.ts` `upload` copies into its part buffer).
 */
export interface MultipartPart {
  name: string;
  /** Set for file parts (also when empty); null for plain fields. */
  filename: string | null;
  contentType: string | null;
  /** The content; read it to the end (or not at all — the reader then skips it). A chunk is valid until the next is asked for. */
  content: AsyncIterable<Uint8Array>;
}

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const encoder = new TextEncoder();

export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2])! : null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const WINDOW_BYTES = 256 * 1024;

interface Filled {
  /** The window's buffer after the read (a BYOB read hands back the same memory as a new ArrayBuffer). */
  buffer: ArrayBuffer;
  bytes: number;
  done: boolean;
}

/** Reads the body into a given view of the window: BYOB where the stream is a byte stream, else copying (what does not fit waits for the next read). */
function windowSource(body: ReadableStream<Uint8Array>) {
  let byob: ReadableStreamBYOBReader | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    reader = body.getReader();
  }
  let spill: Uint8Array | null = null;
  return {
    async read(target: Uint8Array<ArrayBuffer>): Promise<Filled> {
      if (byob) {
        const { value, done } = await byob.read(target);
        // A cancelled stream hands back nothing: a fresh window (the input is truncated anyway).
        if (!value) return { buffer: new ArrayBuffer(WINDOW_BYTES), bytes: 0, done: true };
        return { buffer: value.buffer as ArrayBuffer, bytes: value.byteLength, done };
      }
      let chunk = spill;
      spill = null;
      while (!chunk?.length) {
        const next = await reader!.read();
        if (next.done) return { buffer: target.buffer as ArrayBuffer, bytes: 0, done: true };
        chunk = next.value;
      }
      const n = Math.min(chunk.length, target.length);
      target.set(chunk.subarray(0, n));
      if (n < chunk.length) spill = chunk.subarray(n);
      return { buffer: target.buffer as ArrayBuffer, bytes: n, done: false };
    },
    release: () => (byob ?? reader)!.releaseLock(),
  };
}

function parseHeaders(raw: string): { name: string; filename: string | null; contentType: string | null } {
  let disposition = '';
  let contentType: string | null = null;
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  const param = (p: string) => {
    const star = new RegExp(`;\\s*${p}\\*=(?:UTF-8|utf-8)''([^;]*)`).exec(disposition);
    if (star) return decodeURIComponent(star[1]!);
    const quoted = new RegExp(`;\\s*${p}="((?:[^"\\\\]|\\\\.)*)"`).exec(disposition);
    if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
    const plain = new RegExp(`;\\s*${p}=([^;\\s]*)`).exec(disposition);
    return plain ? plain[1]! : null;
  };
  if (!/^form-data/i.test(disposition)) throw new MultipartError('part without form-data disposition');
  return { name: param('name') ?? '', filename: param('filename'), contentType };
}

/** Reads the parts of a multipart body one after the other. Malformed framing throws MultipartError. */
export async function* readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const source = windowSource(body);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  let window: Uint8Array<ArrayBuffer> = new Uint8Array(WINDOW_BYTES);
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  window.set(encoder.encode('\r\n'));
  // The unread bytes: always a view on `window`.
  let buf: Uint8Array = window.subarray(0, 2);
  let done = false;
  const pull = async (): Promise<boolean> => {
    if (done) return false;
    // The unread bytes move to the window's start (a delimiter's length, or headers up to 16 kB); the read goes after them.
    const keep = buf.length;
    if (buf.byteOffset !== 0) window.copyWithin(0, buf.byteOffset, buf.byteOffset + keep);
    if (keep >= window.length) throw new MultipartError('window full');
    const filled = await source.read(window.subarray(keep));
    window = new Uint8Array(filled.buffer);
    buf = window.subarray(0, keep + filled.bytes);
    if (filled.done) done = true;
    return filled.bytes > 0 || !done;
  };
  try {
    // Preamble: everything before the first delimiter.
    for (;;) {
      const at = indexOf(buf, delimiter);
      if (at >= 0) {
        buf = buf.subarray(at + delimiter.length);
        break;
      }
      buf = buf.subarray(Math.max(0, buf.length - delimiter.length + 1));
      if (!(await pull())) throw new MultipartError('no boundary');
    }
    for (;;) {
      // After a delimiter: '--' ends the body, otherwise CRLF and the part's headers.
      while (buf.length < 2) if (!(await pull())) throw new MultipartError('truncated');
      if (buf[0] === 0x2d && buf[1] === 0x2d) return;
      let headerEnd: number;
      while ((headerEnd = indexOf(buf, encoder.encode('\r\n\r\n'))) < 0) {
        if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('headers too long');
        if (!(await pull())) throw new MultipartError('truncated');
      }
      const headers = parseHeaders(new TextDecoder().decode(buf.subarray(0, headerEnd)));
      buf = buf.subarray(headerEnd + 4);
      let partDone = false;
      async function* content(): AsyncGenerator<Uint8Array> {
        for (;;) {
          const at = indexOf(buf, delimiter);
          if (at >= 0) {
            const chunk = buf.subarray(0, at);
            buf = buf.subarray(at + delimiter.length);
            partDone = true;
            if (chunk.length) yield chunk;
            return;
          }
          // Hand on all but a tail that could be the start of the delimiter.
          const safe = buf.length - delimiter.length + 1;
          if (safe > 0) {
            const chunk = buf.subarray(0, safe);
            buf = buf.subarray(safe);
            yield chunk;
          }
          if (!(await pull())) throw new MultipartError('truncated');
        }
      }
      const iterator = content();
      yield { ...headers, content: iterator };
      // The consumer may have skipped the content: drain it.
      if (!partDone) for await (const _ of iterator) void _;
    }
  } finally {
    source.release();
  }
}
