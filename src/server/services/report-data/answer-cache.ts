import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { read } from '../../db/reads';
import { REPORT_INPUTS } from '../../db/generations';
import { dataGenerations } from '../../db/schema';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import type { ReportDataScope } from './resolve-scope';

/**
 * The isolate's cache of computed report data answers (issue 20: throughput under load). An
 * answer is a function of the report's rows (definition, filter catalogue), its surveys (structure,
 * settings, responses version → cube) and the request (scope, language, benchmarks) — not of the
 * user: who may see the report is checked on every request, cached or not. So an answer is kept as
 * its response body (JSON, encoded once) under the request's key with the **data generation** it
 * was computed at (a counter the database's triggers raise on every write to those tables, read in
 * the same batch as the inputs); a repeated request learns the current generation with its session
 * check (or, without one, reads it with the access check) and serves the body only when the
 * generation is unchanged. Every number in it went through the
 * engine with min_n when it was computed; a new response (after the cube rebuild), an edit of the
 * report or its filters, or a new survey structure raises the generation and the next request
 * computes afresh. Bounded by size (least recently used out first).
 */
const MAX_BYTES = 8 * 1024 * 1024;

export interface Entry {
  generation: number;
  /** The response body, serialised and encoded once: `{"data":<answer>}` as UTF-8. */
  body: Uint8Array<ArrayBuffer>;
  /** `"<generation>-<hash of the key>"`: a client that sends it back in If-None-Match gets a 304. */
  etag: string;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    const size = sizeOf(key, entry);
    if (size > this.maxBytes / 4) return; // one huge answer must not push out everything else
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, old);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

const sizeOf = (key: string, entry: Entry) => 2 * key.length + entry.body.byteLength;

/** The ETag of an answer: its data generation and a hash (FNV-1a) of its key (report, scope, language, body); the public page's too (load-public-view.ts). */
export function answerEtag(key: string, generation: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return `"${generation}-${(h >>> 0).toString(36)}"`;
}

const caches = new WeakMap<Db, AnswerCache>();
/**
 * The staff data call's answers in this isolate, per database (the Worker has one; tests have one
 * per app, and their generations may be equal, so one database's answers never serve another's).
 */
export function reportAnswers(db: Db): AnswerCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AnswerCache()));
  return cache;
}

/** The cache key of a data call: report, scope, language and the request body (the AI question is never cached). */
export function answerKey(reportId: number, scope: ReportDataScope, lang: string, body: ReportDataBody): string {
  const { askAi: _ask, ...rest } = body;
  return `${reportId}|${scope.kind}${'id' in scope ? `:${scope.id}` : ''}|${lang}|${JSON.stringify(rest)}`;
}

/** The current data generation, as one read of a request's batch (null when the row is missing: then nothing is cached). */
export function generationRead(db: Db) {
  const query = db.select({ n: dataGenerations.n }).from(dataGenerations).where(eq(dataGenerations.name, REPORT_INPUTS));
  return read([query], ([[row]]) => row?.n ?? null);
}

const DATA_CALL = /^\/portal\/api\/v2\/data\/[^/]+\/[^/]+\/report\/(\d{1,12})(?:\/|$)/;
/**
 * The report a staff data call (POST, routes/report-data.ts) asks for, from its path, so that the
 * session check can answer its access check in the same statement; null for every other path.
 * The route uses the answer only when this id is its own `:id`.
 */
export function reportDataTarget(path: string): number | null {
  const id = DATA_CALL.exec(path)?.[1];
  return id === undefined ? null : Number(id);
}
