import { describe, expect, it } from 'vitest';
import { MultipartError, readMultipart } from '../../src/server/http/multipart-stream';

const enc = new TextEncoder();

/** A multipart body with a text field and two files of arbitrary bytes. */
function body(boundary: string, files: Uint8Array[]) {
  const pieces: Uint8Array[] = [enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nHallo wereld\r\n`)];
  files.forEach((f, i) => {
    pieces.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="f${i}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`), f, enc.encode('\r\n'));
  });
  pieces.push(enc.encode(`--${boundary}--\r\n`));
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) (all.set(p, at), (at += p.length));
  return all;
}

/** Delivered in chunks of the given sizes (cycled), as a plain stream or as a byte stream (BYOB reads). */
function stream(bytes: Uint8Array, sizes: number[], bytesStream: boolean): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  if (!bytesStream) {
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        const n = sizes[i++ % sizes.length]!;
        controller.enqueue(bytes.slice(at, at + n));
        at += n;
      },
    });
  }
  return new ReadableStream({
    type: 'bytes',
    // A default reader gets a byobRequest too.
    autoAllocateChunkSize: 65536,
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const request = controller.byobRequest!;
      const view = request.view as Uint8Array;
      const n = Math.min(sizes[i++ % sizes.length]!, view.byteLength, bytes.length - at);
      view.set(bytes.subarray(at, at + n));
      at += n;
      request.respond(n);
    },
  }) as ReadableStream<Uint8Array>;
}

async function parts(s: ReadableStream<Uint8Array>, boundary: string) {
  const out: { name: string; filename: string | null; bytes: Uint8Array }[] = [];
  for await (const part of readMultipart(s, boundary)) {
    const chunks: Uint8Array[] = [];
    // Copy each chunk: it is a view on the reader's window, valid until the next is asked for.
    for await (const chunk of part.content) chunks.push(chunk.slice());
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) (bytes.set(c, at), (at += c.length));
    out.push({ name: part.name, filename: part.filename, bytes });
  }
  return out;
}

describe('readMultipart (streamed, one reused window)', () => {
  // Bytes that contain pieces of the delimiter, CRLFs and dashes, and more than one window (256 kB).
  const boundary = 'grens123';
  const big = new Uint8Array(700 * 1024);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7919) & 0xff;
  big.set(enc.encode('\r\n--grens12\r\n--'), 1000);
  const small = enc.encode('\r\n-\r\n--grens\r\nx');
  const raw = body(boundary, [big, small]);

  for (const bytesStream of [false, true]) {
    for (const sizes of [[1, 2, 3, 997], [65536], [300_000], [17, 4096, 100_000, 5]]) {
      it(`${bytesStream ? 'byte stream (BYOB)' : 'plain stream'}, chunks of ${sizes.join('/')} bytes`, async () => {
        const got = await parts(stream(raw, sizes, bytesStream), boundary);
        expect(got.map((p) => [p.name, p.filename])).toEqual([['body', null], ['files[]', 'f0.bin'], ['files[]', 'f1.bin']]);
        expect(new TextDecoder().decode(got[0]!.bytes)).toBe('Hallo wereld');
        expect(Buffer.from(got[1]!.bytes).equals(Buffer.from(big))).toBe(true);
        expect(Buffer.from(got[2]!.bytes).equals(Buffer.from(small))).toBe(true);
      }, 60_000);
    }
  }

  it('skips parts the consumer does not read', async () => {
    const names: string[] = [];
    for await (const part of readMultipart(stream(raw, [4096], true), boundary)) names.push(part.filename ?? part.name);
    expect(names).toEqual(['body', 'f0.bin', 'f1.bin']);
  });

  it('throws MultipartError on a truncated body', async () => {
    await expect(parts(stream(raw.subarray(0, raw.length - 300), [65536], true), boundary)).rejects.toBeInstanceOf(MultipartError);
    await expect(parts(stream(raw.subarray(0, 500_000), [65536], false), boundary)).rejects.toBeInstanceOf(MultipartError);
  });
});
