/**
 * The file adapter services and jobs use (ARCHITECTURE §4). In the Worker it is the R2 binding
 * FILES (r2FileStore); tests and seed scripts pass an in-memory double with the same interface.
 */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStore {
  put(key: string, body: ReadableStream<Uint8Array> | ArrayBuffer | Uint8Array | Blob | string, contentType?: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** One page of the objects under a prefix (admin files); absent on stores that can't list. */
  list?(prefix: string, cursor?: string): Promise<{ objects: { key: string; size: number; type: string | null; uploaded: string | null }[]; cursor?: string }>;
}

/** The bucket methods the adapter uses, so doubles needn't implement all of R2Bucket. */
export type R2Like = Pick<R2Bucket, 'put' | 'get' | 'delete'> & Partial<Pick<R2Bucket, 'list'>>;

export function r2FileStore(bucket: R2Like): FileStore {
  return {
    async put(key, body, contentType) {
      await bucket.put(key, body as never, contentType ? { httpMetadata: { contentType } } : undefined);
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { body: object.body as ReadableStream<Uint8Array>, size: object.size };
    },
    async delete(key) {
      await bucket.delete(key);
    },
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
