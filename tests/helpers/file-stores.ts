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

export function memoryBucket(): R2Like & { keys(): string[] } {
  const objects = new Map<string, Uint8Array>();
  const types = new Map<string, string | undefined>();
  return {
    keys: () => [...objects.keys()],
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
    async get(key) {
      const bytes = objects.get(key);
      if (!bytes) return null;
      // Deliver in 64 kB chunks like a network stream would.
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(offset, offset + 65536));
          offset += 65536;
        },
      });
      return { body, size: bytes.length } as never;
    },
    async delete(key) {
      for (const k of [key].flat()) objects.delete(k);
    },
  };
}

export function fsBucket(dir: string): R2Like {
  const path = (key: string) => join(dir, key.replace(/[^A-Za-z0-9/_-]/g, '_'));
  return {
    async put(key, body) {
      mkdirSync(dirname(path(key)), { recursive: true });
      // Stream blobs and streams to disk: a 64 MB upload must not sit in the benchmark's memory.
      if (body instanceof Blob || body instanceof ReadableStream) {
        const stream = body instanceof Blob ? body.stream() : body;
        await pipeline(Readable.fromWeb(stream as never), createWriteStream(path(key)));
      } else writeFileSync(path(key), await toBytes(body));
      return null as never;
    },
    async get(key) {
      try {
        const size = statSync(path(key)).size;
        return { body: Readable.toWeb(createReadStream(path(key), { highWaterMark: 65536 })), size } as never;
      } catch {
        return null;
      }
    },
    async delete(key) {
      for (const k of [key].flat()) rmSync(path(k), { force: true });
    },
  };
}
