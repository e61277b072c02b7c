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
}

/** The bucket methods the adapter uses, so doubles needn't implement all of R2Bucket. */
export type R2Like = Pick<R2Bucket, 'put' | 'get' | 'delete'>;

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
  };
}

/** Key scheme: uploaded response files per survey. */
export const responseUploadKey = (surveyId: number, uploadId: string) => `surveys/${surveyId}/responses/${uploadId}`;
