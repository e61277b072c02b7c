import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';

/** An answer as it came over the wire (not decompressed), with the time it took. */
export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

/** GET with `accept-encoding: gzip` and no automatic decompression, so the bytes transferred can be counted (the page benches). */
export function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.end();
  });
}

const gzipped = (f: Fetched) => f.headers['content-encoding'] === 'gzip';
/** Bytes transferred with gzip: as sent when the server compressed, else gzip -6 as the edge does. */
export const zipped = (f: Fetched) => (gzipped(f) ? f.body.length : gzipSync(f.body, { level: 6 }).length);
/** The answer's text, unpacked. */
export const text = (f: Fetched) => (gzipped(f) ? gunzipSync(f.body) : f.body).toString('utf8');
export const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
export const ok = (pass: boolean) => (pass ? '✔' : '✘');
