// The load generator of scripts/bench/concurrency.ts in a worker thread of its own (started by
// scripts/lib/load-generator.ts). autocannon measures every latency in the thread that runs it, so
// any pause of that thread — its garbage collector, other work on its event loop — is counted as
// the server's. Here it has an isolate of its own: the bench's main thread (tsx, esbuild, the
// profile JSON, the trace analysis) neither shares its heap nor blocks its event loop, and its
// young generation is sized (resourceLimits) so that the objects of requests in flight die young
// instead of being promoted into a heap that then needs major collections.
// Plain JavaScript: a worker thread does not get tsx's loader.
//
// workerData: { targets: [{ url, method, headers, body, connections }], duration }
// Posts once: { results: autocannon results, n, end, ms, conn, ok (typed arrays: per response its
// end time in CLOCK_MONOTONIC ms, latency ms, connection number, 2xx or not, target index), gc: [[start, ms, kind]] }.
import { PerformanceObserver } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const OFFSET = Number(process.hrtime.bigint()) / 1e6 - performance.now();
let cap = 16_384;
let end = new Float64Array(cap);
let ms = new Float64Array(cap);
let conn = new Uint16Array(cap);
let ok = new Uint8Array(cap);
let target = new Uint8Array(cap);
let n = 0;
const ids = new Map();
function record(i, client, status, latency) {
  if (n === cap) {
    cap *= 2;
    const grow = (a) => {
      const b = new a.constructor(cap);
      b.set(a);
      return b;
    };
    end = grow(end);
    ms = grow(ms);
    conn = grow(conn);
    ok = grow(ok);
    target = grow(target);
  }
  let id = ids.get(client);
  if (id === undefined) ids.set(client, (id = ids.size));
  end[n] = performance.now() + OFFSET;
  ms[n] = latency;
  conn[n] = id;
  ok[n] = status >= 200 && status < 300 ? 1 : 0;
  target[n] = i;
  n++;
}

const gc = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gc.push([e.startTime + OFFSET, e.duration, e.detail?.kind ?? 0]);
});
observer.observe({ entryTypes: ['gc'] });

const { targets, duration } = workerData;
const results = await Promise.all(
  targets.map(
    (t, i) =>
      new Promise((resolve, reject) => {
        autocannon({ url: t.url, method: t.method, headers: t.headers, body: t.body, connections: t.connections, duration }, (err, result) => (err ? reject(err) : resolve(result))).on('response', (client, status, _bytes, latency) => record(i, client, status, latency));
      }),
  ),
);
observer.disconnect();
// Only the counters the bench reads. In a worker thread autocannon does not aggregate its result
// (no decoded histograms): totalCompletedRequests is what requests.total is on the main thread.
const plain = results.map((r) => ({ requests: { total: r.totalCompletedRequests }, timeouts: r.timeouts, errors: r.errors, non2xx: r.non2xx, statusCodeStats: r.statusCodeStats }));
parentPort.postMessage({ results: plain, n, end: end.subarray(0, n), ms: ms.subarray(0, n), conn: conn.subarray(0, n), ok: ok.subarray(0, n), target: target.subarray(0, n), gc });
