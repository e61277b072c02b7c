/**
 * `npm run bench -- message-upload`: memory of the Worker while a project message with one large
 * attachment is uploaded (issue 15). The built Worker runs under workerd (wrangler dev, R2 on
 * disk) with the local libSQL server on a copy of the demo data; the bench posts a message with
 * an 8 MB and then a 60 MB PDF as a streamed multipart body (64 kB chunks, no Content-Length, as
 * a browser on a slow line would), downloads the file again and compares its SHA-256.
 *
 * The figure that matters is the Worker isolate's own memory: through wrangler's DevTools proxy
 * (the inspector port of the Worker's isolate, not Miniflare's) it samples `Runtime.getHeapUsage`
 * every 20 ms — the used JS heap plus the ArrayBuffer backing stores (where the file's bytes would
 * sit, outside the JS heap) — against a baseline taken half a second before the upload. The Worker
 * streams each file into an R2 multipart upload in 5 MiB parts, so the peak should stay near a
 * couple of parts at 60 MB as at 8 MB. The resident memory (VmRSS) of the workerd process is
 * printed as a second figure: it also holds Miniflare's local R2 simulator, which buffers each
 * object in the same process, so it grows with the file whatever the Worker does.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { startLocalStack } from '../lib/local-stack.ts';
import { DEMO_PASSWORD } from '../seed/data.ts';
import { HttpSession } from '../../tests/helpers/http-session.ts';

const MB = 1024 * 1024;
const dir = `.tmp/bench-message-upload-${process.pid}`;

/** The workerd processes below this one (wrangler → workerd). */
function workerdPids(): number[] {
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
      name.set(Number(entry), comm);
    } catch {
      // Gone meanwhile.
    }
  }
  const below = (pid: number) => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...name].filter(([pid, comm]) => comm.startsWith('workerd') && below(pid)).map(([pid]) => pid);
}

/** A DevTools Protocol client on the Worker isolate's inspector (Node 22's WebSocket). */
class Inspector {
  private next = 1;
  private waiting = new Map<number, (result: Record<string, number>) => void>();
  private constructor(private ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, number> };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result ?? {});
      this.waiting.delete(message.id ?? -1);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    // wrangler's proxy wants an allowed Origin (curl-like clients without User-Agent get one).
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: 'http://localhost' } } as unknown as string[]);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', () => reject(new Error(`no inspector on port ${port}`)), { once: true });
    });
    const inspector = new Inspector(ws);
    // The proxy may drop what arrives before it reached the runtime: ask until it answers.
    for (let tries = 0; ; tries++) {
      try {
        await inspector.heapMb(2000);
        return inspector;
      } catch (error) {
        if (tries >= 5) throw error;
      }
    }
  }

  send(method: string, timeoutMs = 10_000): Promise<Record<string, number>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), timeoutMs);
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.ws.send(JSON.stringify({ id, method }));
    });
  }

  /** MB of the isolate: the used JS heap and the ArrayBuffer backing stores outside it. */
  async heapMb(timeoutMs?: number): Promise<{ used: number; buffers: number; total: number }> {
    const r = await this.send('Runtime.getHeapUsage', timeoutMs);
    const used = (r.usedSize ?? 0) / MB;
    const buffers = (r.backingStorageSize ?? 0) / MB;
    return { used, buffers, total: used + buffers };
  }

  close() {
    this.ws.close();
  }
}

const rssMb = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      return sum + kb / 1024;
    } catch {
      return sum;
    }
  }, 0);

/** A multipart body with `files` PDFs of `size` bytes, produced chunk by chunk (never whole in memory here either); `hash` gets the first file. */
function multipartBody(size: number, boundary: string, hash: ReturnType<typeof createHash>, files = 1): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const fieldHead = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nBenchmark ${files} × ${size / MB} MB`);
  const fileHead = (i: number) => enc.encode(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="groot-${i + 1}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  chunk.set(enc.encode('%PDF-1.7\n'));
  let file = -1;
  let sent = size;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (file === -1) {
        controller.enqueue(fieldHead);
        file = 0;
      } else if (sent >= size && file < files) {
        controller.enqueue(fileHead(file));
        sent = 0;
        file++;
      } else if (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        if (file === 1) hash.update(piece);
        controller.enqueue(piece.slice());
        sent += piece.length;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

async function measure(s: HttpSession, size: number, pids: number[], inspector: Inspector, files = 1) {
  const boundary = `bench${Date.now()}`;
  const hash = createHash('sha256');
  // (workerd's inspector does not answer HeapProfiler.collectGarbage: the baseline is a quiet moment.)
  await new Promise((r) => setTimeout(r, 500));
  const heapBefore = await inspector.heapMb();
  const baseline = rssMb(pids);
  let peak = baseline;
  let heapPeak = heapBefore;
  let sampling = true;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 20);
  // One getHeapUsage at a time, each as soon as the last answered (at most every 20 ms).
  const heapSampler = (async () => {
    while (sampling) {
      const h = await inspector.heapMb();
      if (h.total > heapPeak.total) heapPeak = h;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await s.fetch('/portal/api/v2/project/1/message', {
    method: 'POST',
    body: multipartBody(size, boundary, hash, files),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    duplex: 'half',
  } as RequestInit);
  const ms = performance.now() - started;
  clearInterval(timer);
  sampling = false;
  await heapSampler;
  const answer = (await res.json()) as { data?: { files: { id: number; size: number }[] }; message?: string };
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${answer.message}`);
  const file = answer.data!.files[0]!;
  const download = await s.get(`/portal/api/v2/project/1/file/${file.id}`);
  const back = createHash('sha256');
  for await (const piece of download.body as unknown as AsyncIterable<Uint8Array>) back.update(piece);
  const identical = back.digest('hex') === hash.digest('hex');
  return { files, size, baseline, peak, heapBefore, heapPeak, ms, identical };
}

rmSync(dir, { recursive: true, force: true });
const stack = await startLocalStack({ dataDir: dir, verbose: process.env.BENCH_VERBOSE === '1' });
try {
  const s = new HttpSession((url, init) => fetch(url, init), stack.url);
  const login = await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD);
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const pids = workerdPids();
  if (!pids.length) throw new Error('no workerd process found');
  const inspector = await Inspector.connect(stack.inspectorPort);
  try {
    // Warm up the isolate (first requests compile the Worker).
    await measure(s, 1 * MB, pids, inspector);
    console.log('Project message upload, built Worker under workerd, streamed multipart body (64 kB chunks)');
    console.log('Worker isolate = Runtime.getHeapUsage: used JS heap + ArrayBuffer backing stores; workerd RSS includes the local R2 simulator');
    console.log('size      | time     | MB/s  | Worker isolate before → peak (growth) [heap + buffers at peak] | workerd RSS before → peak (growth) | download identical');
    type Row = Awaited<ReturnType<typeof measure>>;
    const rows: Row[] = [];
    // One 8 MB file, one 60 MB file, and two 60 MB files in one message (120 MB through one request).
    for (const [size, files] of [[8 * MB, 1], [60 * MB, 1], [60 * MB, 2]] as const) {
      const r = await measure(s, size, pids, inspector, files);
      rows.push(r);
      const total = (files * size) / MB;
      console.log(
        `${`${files > 1 ? `${files} × ` : ''}${size / MB} MB`.padStart(9)} | ${(r.ms / 1000).toFixed(2).padStart(6)} s | ${(total / (r.ms / 1000)).toFixed(1).padStart(5)} | ${r.heapBefore.total.toFixed(1)} → ${r.heapPeak.total.toFixed(1)} MB (+${(r.heapPeak.total - r.heapBefore.total).toFixed(1)} MB) [${r.heapPeak.used.toFixed(1)} + ${r.heapPeak.buffers.toFixed(1)}] | ${r.baseline.toFixed(0)} → ${r.peak.toFixed(0)} MB (+${(r.peak - r.baseline).toFixed(1)} MB) | ${r.identical ? 'yes' : 'NO'}`,
      );
    }
    const [small, large, double] = rows as [Row, Row, Row];
    const growth = (r: Row) => r.heapPeak.total - r.heapBefore.total;
    console.log(`Worker isolate peak: 8 MB ${small.heapPeak.total.toFixed(1)} MB, 60 MB ${large.heapPeak.total.toFixed(1)} MB, 2 × 60 MB ${double.heapPeak.total.toFixed(1)} MB (growth +${growth(small).toFixed(1)} / +${growth(large).toFixed(1)} / +${growth(double).toFixed(1)} MB; flat = no step of anything like +52 or +112 MB).`);
    console.log(`workerd RSS growth: +${(small.peak - small.baseline).toFixed(1)} / +${(large.peak - large.baseline).toFixed(1)} / +${(double.peak - double.baseline).toFixed(1)} MB (includes the local R2 simulator's copy of the object).`);
    if (!rows.every((r) => r.identical)) process.exitCode = 1;
    if (growth(large) > growth(small) + 26 || growth(double) > growth(small) + 26) {
      console.log('NOT FLAT: the Worker isolate grows with the file.');
      process.exitCode = 1;
    }
  } finally {
    inspector.close();
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
