/**
 * `npm run bench -- message-upload`: memory of the Worker while a project message with one large
 * attachment is uploaded (issue 15). The built Worker runs under workerd (wrangler dev, R2 on
 * disk) with the local libSQL server on a copy of the demo data; the bench posts a message with
 * an 8 MB and then a 60 MB PDF as a streamed multipart body (64 kB chunks, no Content-Length, as
 * a browser on a slow line would), samples the resident memory (VmRSS) of the workerd process
 * every 20 ms, downloads the file again and compares its SHA-256.
 *
 * The Worker streams each file into an R2 multipart upload in 5 MiB parts, so its memory should
 * not grow with the file: the figure to read is the peak over the baseline at 60 MB against 8 MB.
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

const rssMb = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      return sum + kb / 1024;
    } catch {
      return sum;
    }
  }, 0);

/** A multipart body with one PDF of `size` bytes, produced chunk by chunk (never whole in memory here either). */
function multipartBody(size: number, boundary: string, hash: ReturnType<typeof createHash>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nBenchmark ${size / MB} MB\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="groot.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  chunk.set(enc.encode('%PDF-1.7\n'));
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        hash.update(piece);
        controller.enqueue(piece.slice());
        sent += piece.length;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

async function measure(s: HttpSession, size: number, pids: number[]) {
  const boundary = `bench${Date.now()}`;
  const hash = createHash('sha256');
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssMb(pids);
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 20);
  const started = performance.now();
  const res = await s.fetch('/portal/api/v2/project/1/message', {
    method: 'POST',
    body: multipartBody(size, boundary, hash),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    duplex: 'half',
  } as RequestInit);
  const ms = performance.now() - started;
  clearInterval(timer);
  const answer = (await res.json()) as { data?: { files: { id: number; size: number }[] }; message?: string };
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${answer.message}`);
  const file = answer.data!.files[0]!;
  const download = await s.get(`/portal/api/v2/project/1/file/${file.id}`);
  const back = createHash('sha256');
  for await (const piece of download.body as unknown as AsyncIterable<Uint8Array>) back.update(piece);
  const identical = back.digest('hex') === hash.digest('hex');
  return { baseline, peak, ms, identical, size: file.size };
}

rmSync(dir, { recursive: true, force: true });
const stack = await startLocalStack({ dataDir: dir, verbose: process.env.BENCH_VERBOSE === '1' });
try {
  const s = new HttpSession((url, init) => fetch(url, init), stack.url);
  const login = await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD);
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const pids = workerdPids();
  if (!pids.length) throw new Error('no workerd process found');
  // Warm up the isolate (first requests compile the Worker).
  await measure(s, 1 * MB, pids);
  console.log('Project message upload, built Worker under workerd, streamed multipart body (64 kB chunks)');
  console.log('size    | time     | MB/s  | workerd RSS before → peak (growth) | download identical');
  const rows = [];
  for (const size of [8 * MB, 60 * MB]) {
    const r = await measure(s, size, pids);
    rows.push(r);
    console.log(
      `${String(size / MB).padStart(3)} MB  | ${(r.ms / 1000).toFixed(2).padStart(6)} s | ${(size / MB / (r.ms / 1000)).toFixed(1).padStart(5)} | ${r.baseline.toFixed(0)} → ${r.peak.toFixed(0)} MB (+${(r.peak - r.baseline).toFixed(1)} MB) | ${r.identical ? 'yes' : 'NO'}`,
    );
  }
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`Memory growth at 60 MB vs 8 MB: +${(large.peak - large.baseline).toFixed(1)} MB vs +${(small.peak - small.baseline).toFixed(1)} MB (flat = the difference stays near one 5 MiB part, not 52 MB).`);
  if (!rows.every((r) => r.identical)) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
