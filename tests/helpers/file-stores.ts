import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { R2Like } from '../../src/server/files/store';

/**
 * Test doubles for the R2 binding FILES (only put/get/delete, which r2FileStore uses): in memory
 * for api tests and the seed, on the filesystem for benchmarks (so the stored file isn't counted
 * in the importer's memory).
 */
type Body = Parameters<R2Like['put']>[1];

async function toBytes(body: Body): Promise<Uint8Array> {
  if (body === null) return new Uint8Array();
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  return new Uint8Array(await new Response(body as ReadableStream).arrayBuffer());
}

type Range = { offset?: number; length?: number } | undefined;
const rangeOf = (options: unknown) => (options as { range?: Range } | undefined)?.range;

/** R2's multipart upload over a bucket double: parts held apart until complete(), dropped by abort(). */
function multipart(put: (key: string, bytes: Uint8Array, options: unknown) => Promise<unknown>, stats: { partsInFlight: number; maxPartsInFlight: number; aborted: number }) {
  return async (key: string, options?: unknown) => {
    const parts = new Map<number, Uint8Array>();
    return {
      key,
      uploadId: `upload-${key}`,
      async uploadPart(n: number, value: unknown) {
        // A copy, as R2 takes it: the streamed upload fills its part buffer again afterwards.
        parts.set(n, (await toBytes(value as Body)).slice());
        stats.partsInFlight = parts.size;
        stats.maxPartsInFlight = Math.max(stats.maxPartsInFlight, parts.size);
        return { partNumber: n, etag: `etag-${n}` };
      },
      async complete(uploaded: { partNumber: number }[]) {
        const chunks = uploaded.map((p) => parts.get(p.partNumber)!);
        const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) (all.set(c, at), (at += c.length));
        parts.clear();
        stats.partsInFlight = 0;
        await put(key, all, options);
        return {} as never;
      },
      async abort() {
        parts.clear();
        stats.partsInFlight = 0;
        stats.aborted++;
      },
    } as never;
  };
}

export function memoryBucket(): R2Like & { keys(): string[]; stats: { partsInFlight: number; maxPartsInFlight: number; aborted: number } } {
  const objects = new Map<string, Uint8Array>();
  const types = new Map<string, string | undefined>();
  const stats = { partsInFlight: 0, maxPartsInFlight: 0, aborted: 0 };
  const putBytes = async (key: string, bytes: Uint8Array, options: unknown) => {
    objects.set(key, bytes);
    types.set(key, (options as { httpMetadata?: { contentType?: string } } | undefined)?.httpMetadata?.contentType);
  };
  return {
    keys: () => [...objects.keys()],
    stats,
    createMultipartUpload: multipart(putBytes, stats as never),
    async put(key, body, options) {
      objects.set(key, await toBytes(body));
      types.set(key, (options?.httpMetadata as { contentType?: string } | undefined)?.contentType);
      return null as never;
    },
    // R2's list: keys in order, one page (the admin's file overview); cursor = the last key.
    async list(options) {
      const prefix = options?.prefix ?? '';
      const limit = options?.limit ?? 1000;
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && (!options?.cursor || k > options.cursor)).sort();
      const page = keys.slice(0, limit);
      const truncated = keys.length > limit;
      const objectsOut = page.map((key) => ({ key, size: objects.get(key)!.length, uploaded: new Date(0), httpMetadata: { contentType: types.get(key) } }));
      return { objects: objectsOut, truncated, cursor: truncated ? page.at(-1) : undefined, delimitedPrefixes: [] } as never;
    },
    async get(key, options) {
      const whole = objects.get(key);
      if (!whole) return null;
      const range = rangeOf(options);
      const bytes = range ? whole.subarray(range.offset ?? 0, range.length === undefined ? undefined : (range.offset ?? 0) + range.length) : whole;
      // Deliver in 64 kB chunks like a network stream would.
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(offset, offset + 65536));
          offset += 65536;
        },
      });
      return { body, size: whole.length, httpMetadata: { contentType: types.get(key) } } as never;
    },
    async delete(key) {
      for (const k of [key].flat()) objects.delete(k);
    },
  };
}

export function fsBucket(dir: string): R2Like {
  const path = (key: string) => join(dir, key.replace(/[^A-Za-z0-9/_-]/g, '_'));
  const putBytes = async (key: string, bytes: Uint8Array) => {
    mkdirSync(dirname(path(key)), { recursive: true });
    writeFileSync(path(key), bytes);
  };
  return {
    createMultipartUpload: multipart(putBytes, { partsInFlight: 0, maxPartsInFlight: 0, aborted: 0 }),
    async put(key, body) {
      mkdirSync(dirname(path(key)), { recursive: true });
      // Stream blobs and streams to disk: a 64 MB upload must not sit in the benchmark's memory.
      if (body instanceof Blob || body instanceof ReadableStream) {
        const stream = body instanceof Blob ? body.stream() : body;
        await pipeline(Readable.fromWeb(stream as never), createWriteStream(path(key)));
      } else writeFileSync(path(key), await toBytes(body));
      return null as never;
    },
    async get(key, options) {
      try {
        const size = statSync(path(key)).size;
        const range = rangeOf(options);
        const start = range?.offset ?? 0;
        const end = range?.length === undefined ? undefined : start + range.length - 1;
        return { body: Readable.toWeb(createReadStream(path(key), { highWaterMark: 65536, start, end })), size } as never;
      } catch {
        return null;
      }
    },
    async delete(key) {
      for (const k of [key].flat()) rmSync(path(k), { force: true });
    },
  };
}
