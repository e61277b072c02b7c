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
  return {
    keys: () => [...objects.keys()],
    async put(key, body) {
      objects.set(key, await toBytes(body));
      return null as never;
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
