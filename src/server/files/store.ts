import { AppError, nl } from '../errors';

/**
 * The file adapter services and jobs use (ARCHITECTURE §4). In the Worker it is the R2 binding
 * FILES (r2FileStore); tests and seed scripts pass an in-memory double with the same interface.
 */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/** Bytes `offset` … `offset + length - 1` of an object (Range downloads). */
export interface ByteRange {
  offset: number;
  length: number;
}

export interface StreamUploadOptions {
  /** More bytes than this → AppError TOO_LARGE; whatever was sent to R2 is aborted. */
  maxBytes: number;
  /** Decides the Content-Type from the first bytes (up to 4 kB) before anything is stored; throws to refuse. */
  inspect(head: Uint8Array): string;
}

export interface FileStore {
  put(key: string, body: ReadableStream<Uint8Array> | ArrayBuffer | Uint8Array | Blob | string, contentType?: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /**
   * Streams chunks of unknown total length into `key` without holding the file: up to one part
   * (5 MiB) in memory; larger files go up as an R2 multipart upload. A failure aborts it. A chunk
   * is copied before the next is asked for (the multipart reader reuses its window).
   */
  upload(key: string, chunks: AsyncIterable<Uint8Array>, options: StreamUploadOptions): Promise<{ size: number; contentType: string }>;
  delete(key: string): Promise<void>;
  /** One page of the objects under a prefix (admin files); absent on stores that can't list. */
  list?(prefix: string, cursor?: string): Promise<{ objects: { key: string; size: number; type: string | null; uploaded: string | null }[]; cursor?: string }>;
}

/** The bucket methods the adapter uses, so doubles needn't implement all of R2Bucket. */
export type R2Like = Pick<R2Bucket, 'put' | 'get' | 'delete' | 'createMultipartUpload'> & Partial<Pick<R2Bucket, 'list'>>;

/** R2 multipart parts: all but the last the same size, at least 5 MiB. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const HEAD_BYTES = 4096;

const FIRST_BUFFER_BYTES = 256 * 1024;

/**
 * The chunks (views the caller may reuse once the next is asked for) are copied into one part
 * buffer per file — growing from 256 kB to 5 MiB, then used again for every part once R2 has
 * taken the last — so a file leaves no trail of chunk or part copies for the garbage collector.
 */
async function uploadToBucket(bucket: R2Like, key: string, chunks: AsyncIterable<Uint8Array>, options: StreamUploadOptions) {
  let part = new Uint8Array(FIRST_BUFFER_BYTES);
  let filled = 0;
  let size = 0;
  let contentType: string | null = null;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  try {
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > options.maxBytes) throw new AppError('TOO_LARGE', nl.tooLarge);
      for (let at = 0; at < chunk.length; ) {
        if (filled === part.length) {
          const bigger = new Uint8Array(Math.min(part.length * 2, UPLOAD_PART_BYTES));
          bigger.set(part);
          part = bigger;
        }
        const n = Math.min(chunk.length - at, part.length - filled);
        part.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (contentType === null && filled >= HEAD_BYTES) contentType = options.inspect(part.subarray(0, HEAD_BYTES));
        if (filled === UPLOAD_PART_BYTES) {
          upload ??= await bucket.createMultipartUpload(key, { httpMetadata: { contentType: contentType! } });
          parts.push(await upload.uploadPart(parts.length + 1, part));
          filled = 0;
        }
      }
    }
    contentType ??= options.inspect(part.subarray(0, Math.min(filled, HEAD_BYTES)));
    if (!upload) await bucket.put(key, part.subarray(0, filled), { httpMetadata: { contentType } });
    else {
      if (filled) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
      await upload.complete(parts);
    }
    return { size, contentType };
  } catch (error) {
    if (upload) await upload.abort().catch(() => undefined);
    throw error;
  }
}

export function r2FileStore(bucket: R2Like): FileStore {
  return {
    async put(key, body, contentType) {
      await bucket.put(key, body as never, contentType ? { httpMetadata: { contentType } } : undefined);
    },
    async get(key, range) {
      const object = await bucket.get(key, range ? { range } : undefined);
      if (!object) return null;
      return { body: object.body as ReadableStream<Uint8Array>, size: object.size };
    },
    async delete(key) {
      await bucket.delete(key);
    },
    upload: (key, chunks, options) => uploadToBucket(bucket, key, chunks, options),
    ...(bucket.list
      ? {
          async list(prefix: string, cursor?: string) {
            const page = await bucket.list!({ prefix, cursor, limit: 1000, include: ['httpMetadata'] } as R2ListOptions);
            return {
              objects: page.objects.map((o) => ({ key: o.key, size: o.size, type: o.httpMetadata?.contentType ?? null, uploaded: o.uploaded?.toISOString() ?? null })),
              cursor: page.truncated ? page.cursor : undefined,
            };
          },
        }
      : {}),
  };
}

/** Key scheme: uploaded response files per survey. */
export const responseUploadKey = (surveyId: number, uploadId: string) => `surveys/${surveyId}/responses/${uploadId}`;
