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
   * (5 MiB) in memory; larger files go up as an R2 multipart upload. A failure aborts it.
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

function joined(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c.subarray(0, Math.min(c.length, length - at)), at);
    at += c.length;
    if (at >= length) break;
  }
  return out;
}

async function uploadToBucket(bucket: R2Like, key: string, chunks: AsyncIterable<Uint8Array>, options: StreamUploadOptions) {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  let contentType: string | null = null;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  const takePart = () => {
    const part = joined(pending, UPLOAD_PART_BYTES);
    let rest = UPLOAD_PART_BYTES;
    while (rest > 0) {
      const first = pending[0]!;
      if (first.length <= rest) {
        rest -= first.length;
        pending.shift();
      } else {
        pending[0] = first.subarray(rest);
        rest = 0;
      }
    }
    pendingBytes -= UPLOAD_PART_BYTES;
    return part;
  };
  try {
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > options.maxBytes) throw new AppError('TOO_LARGE', nl.tooLarge);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (contentType === null && pendingBytes >= HEAD_BYTES) contentType = options.inspect(joined(pending, HEAD_BYTES));
      while (pendingBytes >= UPLOAD_PART_BYTES) {
        upload ??= await bucket.createMultipartUpload(key, { httpMetadata: { contentType: contentType! } });
        parts.push(await upload.uploadPart(parts.length + 1, takePart()));
      }
    }
    contentType ??= options.inspect(joined(pending, Math.min(pendingBytes, HEAD_BYTES)));
    const rest = joined(pending, pendingBytes);
    pending = [];
    if (!upload) await bucket.put(key, rest, { httpMetadata: { contentType } });
    else {
      if (rest.length) parts.push(await upload.uploadPart(parts.length + 1, rest));
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
