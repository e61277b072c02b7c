/**
 * Runs autocannon against one or more targets at once in a worker thread of its own
 * (scripts/lib/load-worker.mjs) and returns autocannon's counters and every response (end time,
 * latency, connection, 2xx, target) — so the latencies are measured in a thread whose only work is
 * the load, with its own heap: the bench's main thread can neither pause it with its garbage
 * collector nor delay its event loop.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface LoadTarget {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
}

export interface LoadResult {
  results: { requests: { total: number }; timeouts: number; errors: number; non2xx: number; statusCodeStats?: Record<string, { count: number } | undefined> }[];
  n: number;
  end: Float64Array;
  ms: Float64Array;
  conn: Uint16Array;
  ok: Uint8Array;
  target: Uint8Array;
  /** The load thread's GC: [start ms (CLOCK_MONOTONIC), duration ms, kind]. */
  gc: [number, number, number][];
}

/**
 * Young generation of the load thread: requests stay in flight for tens to hundreds of ms, long
 * enough to survive V8's default small scavenges and be promoted; with room for a few seconds of
 * allocation they die young and the old generation does not grow into major collections.
 */
const YOUNG_GENERATION_MB = 96;

export function runLoad(targets: LoadTarget[], duration: number): Promise<LoadResult> {
  return new Promise((ok, fail) => {
    const worker = new Worker(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), {
      workerData: { targets, duration },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      execArgv: [],
    });
    worker.once('message', (m: LoadResult) => ok(m));
    worker.once('error', fail);
    worker.once('exit', (code) => (code ? fail(new Error(`load worker stopped with code ${code}`)) : undefined));
  });
}
