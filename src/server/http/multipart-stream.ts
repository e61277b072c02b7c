/**
 * A streaming reader of `multipart/form-data` bodies: each part's content is handed on chunk by
 * chunk as it arrives, so a 64 MB file never sits in the Worker's memory. (Hono's parseBody and
 * the multipart parsers on npm that run on Workers buffer every part whole; busboy needs Node
 * streams.) Only what uploads need: part headers `Content-Disposition` and `Content-Type`.
 */
export interface MultipartPart {
  name: string;
  /** Set for file parts (also when empty); null for plain fields. */
  filename: string | null;
  contentType: string | null;
  /** The content; read it to the end (or not at all — the reader then skips it). */
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

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
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
  const reader = body.getReader();
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  let buf: Uint8Array = encoder.encode('\r\n');
  let done = false;
  const pull = async (): Promise<boolean> => {
    if (done) return false;
    const { value, done: end } = await reader.read();
    if (end) {
      done = true;
      return false;
    }
    buf = concat(buf, value);
    return true;
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
            buf = buf.slice(safe);
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
    reader.releaseLock();
  }
}
