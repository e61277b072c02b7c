/**
 * Stall attribution for the load benchmark (TRACE=1 in scripts/bench/concurrency.ts): every
 * response's end time, latency and connection, laid beside what could have paused the requests in
 * flight at that moment, all on one clock (CLOCK_MONOTONIC milliseconds, as process.hrtime and
 * V8's CPU profiles give it):
 *  - the Worker isolate's garbage collector: "(garbage collector)" samples of its CPU profile, and
 *    gaps in the sampling itself (the isolate's thread not running at all);
 *  - the libSQL server's GC (its own Node process, LIBSQL_GC_LOG);
 *  - the load generator's thread (scripts/lib/load-generator.ts): its GC — autocannon measures each
 *    latency there, so a pause of that thread is counted as the server's; and the bench's main
 *    thread (GC, event-loop lag), which shares the process's CPU but not the load thread's heap;
 *  - the machine: an independent watcher (scripts/lib/stall-watch.mjs, SCHED_FIFO when allowed)
 *    that sleeps 1 ms at a time and reports wall-clock gaps (the VM itself not running), and
 *    samples every 100 ms the CPU time and run-queue wait of each process and the machine's
 *    busy/idle/steal jiffies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import type { CpuProfile } from './cpu-profile.ts';

const WATCH = fileURLToPath(new URL('./stall-watch.mjs', import.meta.url));

/** CLOCK_MONOTONIC ms of performance.now() in this process (both monotonic; the offset is fixed). */
const OFFSET = Number(process.hrtime.bigint()) / 1e6 - performance.now();

/** Every response of a run (scripts/lib/load-generator.ts): end time (CLOCK_MONOTONIC ms), latency ms, connection. */
export interface ResponseTrace {
  n: number;
  end: Float64Array;
  ms: Float64Array;
  conn: Uint16Array;
}

/** GC and event-loop lag of this process (the load generator) while it runs. */
export function watchThisProcess(): { stop(): { gc: [number, number, number][]; lags: [number, number][] } } {
  const gc: [number, number, number][] = [];
  const lags: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc.push([e.startTime + OFFSET, e.duration, ((e as { detail?: { kind?: number } }).detail?.kind ?? 0)]);
  });
  observer.observe({ entryTypes: ['gc'] });
  // A 5 ms timer: when it fires late by more than 5 ms, the event loop was blocked (or the process not run).
  let last = performance.now();
  const timer = setInterval(() => {
    const t = performance.now();
    if (t - last > 10) lags.push([last + OFFSET, t - last - 5]);
    last = t;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      observer.disconnect();
      return { gc, lags };
    },
  };
}

export interface WatchSample {
  t: number;
  busy: number;
  idle: number;
  steal: number;
  roles: Record<string, { cpu: number; wait: number }>;
}

/** Starts the independent watcher for these processes (role name without spaces → pids). */
export async function startStallWatch(roles: Record<string, number[]>): Promise<{ how: string; stop(): Promise<{ gaps: [number, number][]; samples: WatchSample[] }> }> {
  const args = [WATCH, ...Object.entries(roles).map(([name, pids]) => `${name}=${pids.join(',')}`)];
  // SCHED_FIFO if this user may (root in a VM usually may), else the highest nice, else plain.
  const how = spawnSync('chrt', ['-f', '50', 'true']).status === 0 ? 'chrt -f 50' : spawnSync('nice', ['-n', '-20', 'true']).status === 0 ? 'nice -n -20' : 'normale prioriteit';
  const [cmd, ...pre] = how === 'chrt -f 50' ? ['chrt', '-f', '50'] : how === 'nice -n -20' ? ['nice', '-n', '-20'] : [];
  const child: ChildProcess = cmd ? spawn(cmd, [...pre, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] }) : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const gaps: [number, number][] = [];
  const samples: WatchSample[] = [];
  let rest = '';
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`stall-watch stopped (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('latin1')).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const f = line.split(' ');
        if (f[0] === 'ready') ready();
        else if (f[0] === 'g') gaps.push([Number(f[1]), Number(f[2])]);
        else if (f[0] === 's') {
          const r: WatchSample['roles'] = {};
          for (const part of f.slice(5)) {
            const [name, cpu, wait] = part.split(':');
            r[name!] = { cpu: Number(cpu) / 1e6, wait: Number(wait) / 1e6 };
          }
          samples.push({ t: Number(f[1]), busy: Number(f[2]), idle: Number(f[3]), steal: Number(f[4]), roles: r });
        }
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    how,
    stop: () =>
      new Promise((ok) => {
        child.once('exit', () => ok({ gaps, samples }));
        child.kill('SIGKILL');
      }),
  };
}

/**
 * The isolate's GC from its CPU profile: pauses = runs of consecutive "(garbage collector)" samples
 * merged ([start, ms]; wall time, so a GC that lost its core meanwhile counts long), and the
 * sampler's own gaps (> 10 ms between two samples: the isolate's thread idle or not scheduled — the
 * watcher's run-queue wait of workerd in the same window tells which).
 */
export function profileTimeline(profile: CpuProfile): { gc: [number, number][]; gaps: [number, number][] } {
  const gcIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(garbage collector)').map((n) => n.id));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const gc: [number, number][] = [];
  const gaps: [number, number][] = [];
  let t = profile.startTime / 1000;
  let open: [number, number] | null = null;
  for (let i = 0; i < samples.length; i++) {
    const d = (deltas[i] ?? 0) / 1000;
    if (d > 10) gaps.push([t, d]);
    const prev = t;
    t += d;
    if (gcIds.has(samples[i]!)) {
      // A GC sample stands for the time since the previous sample (capped: a long gap is not GC).
      if (open && prev - (open[0] + open[1]) < 0.01) open[1] = t - open[0];
      else gc.push((open = [prev + Math.max(0, d - 10), Math.min(d, 10)]));
    } else open = null;
  }
  return { gc, gaps };
}

export interface TraceSources {
  isolateGc?: [number, number][];
  isolateGaps?: [number, number][];
  libsqlGc?: [number, number, number][];
  /** The load generator's thread (its own isolate): GC. */
  loadGc?: [number, number, number][];
  /** The bench's main thread: GC and event-loop lag (they no longer delay the load thread's measurements). */
  bench?: { gc: [number, number, number][]; lags: [number, number][] };
  watch?: { how: string; gaps: [number, number][]; samples: WatchSample[] };
}

const KIND: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incr', 16: 'weak' };
type Events = [number, number, ...number[]][];

/**
 * Prints the trace compactly: per 100 ms bucket count/max (one line), the fairness over
 * connections, and the stalls — runs of 100 ms buckets whose slowest response exceeded `stallMs` —
 * each with the suspects that paused ≥ SUSPECT_MS inside the window those responses were in flight
 * (isolate GC, isolate profiler gap, libSQL GC, load thread GC, bench main thread GC or event-loop
 * lag, VM gap)
 * and the run-queue wait of each process meanwhile; then per suspect in how many stalls it was
 * present, and the run's totals. Returns the number of stalls and the longest response in them.
 */
export function reportTrace(trace: ResponseTrace, sources: TraceSources, stallMs: number, log: (s: string) => void = console.log): { stalls: number; longest: number } {
  const SUSPECT_MS = 10;
  if (trace.n === 0) return { stalls: 0, longest: 0 };
  const t0 = trace.end[0]! - trace.ms[0]!;
  const end = trace.end[trace.n - 1]!;
  const buckets: { n: number; max: number }[] = [];
  const perConn = new Map<number, { n: number; sum: number }>();
  for (let i = 0; i < trace.n; i++) {
    const b = Math.floor((trace.end[i]! - t0) / 100);
    const k = (buckets[b] ??= { n: 0, max: 0 });
    k.n++;
    k.max = Math.max(k.max, trace.ms[i]!);
    const c = perConn.get(trace.conn[i]!) ?? { n: 0, sum: 0 };
    c.n++;
    c.sum += trace.ms[i]!;
    perConn.set(trace.conn[i]!, c);
  }
  log(`    trace, per 100 ms aantal/max ms: ${Array.from(buckets, (k) => `${k?.n ?? 0}/${(k?.max ?? 0).toFixed(0)}`).join(' ')}`);
  const means = [...perConn.values()].map((c) => c.sum / c.n).sort((a, b) => a - b);
  const counts = [...perConn.values()].map((c) => c.n).sort((a, b) => a - b);
  const mid = (a: number[]) => a[a.length >> 1]!;
  log(`    eerlijkheid over ${perConn.size} verbindingen: gemiddelde latency min/mediaan/max ${means[0]!.toFixed(0)}/${mid(means).toFixed(0)}/${means.at(-1)!.toFixed(0)} ms, verzoeken ${counts[0]}/${mid(counts)}/${counts.at(-1)}`);

  const within = (events: Events | undefined, from: number, to: number) => (events ?? []).filter((e) => e[0] + e[1] >= from && e[0] <= to);
  const sum = (events: Events) => events.reduce((s, e) => s + e[1], 0);
  const max = (events: Events) => events.reduce((m, e) => Math.max(m, e[1]), 0);
  const suspects: [string, Events | undefined][] = [
    ['isolate-GC', sources.isolateGc],
    ['isolate-profielgat', sources.isolateGaps],
    ['libSQL-GC', sources.libsqlGc],
    ['load-GC', sources.loadGc],
    ['bench-GC', sources.bench?.gc],
    ['bench-lus', sources.bench?.lags],
    ['VM-gat', sources.watch?.gaps],
  ];
  const samples = sources.watch?.samples ?? [];
  const sched = (from: number, to: number) => {
    const a = [...samples].reverse().find((s) => s.t <= from) ?? samples[0];
    const b = samples.find((s) => s.t >= to) ?? samples.at(-1);
    if (!a || !b || a === b) return '';
    const roles = Object.keys(b.roles).map((r) => `${r} ${(b.roles[r]!.cpu - a.roles[r]!.cpu).toFixed(0)}/${(b.roles[r]!.wait - a.roles[r]!.wait).toFixed(0)}`);
    const jiffies = b.busy - a.busy + (b.idle - a.idle);
    return `CPU/wachtrij ms in ${(b.t - a.t).toFixed(0)} ms: ${roles.join(', ')}; machine ${((100 * (b.busy - a.busy)) / Math.max(1, jiffies)).toFixed(0)}% bezet, steal ${b.steal - a.steal}`;
  };
  // Runs of consecutive over-budget buckets are one stall.
  const stalls: { from: number; to: number; n: number; max: number; at: number }[] = [];
  for (let b = 0; b < buckets.length; b++) {
    const k = buckets[b];
    if (!k || k.max <= stallMs) continue;
    const last = stalls.at(-1);
    if (last && last.to === t0 + b * 100) {
      last.to += 100;
      last.n += k.n;
      last.max = Math.max(last.max, k.max);
    } else stalls.push({ from: t0 + b * 100, to: t0 + (b + 1) * 100, n: k.n, max: k.max, at: b / 10 });
  }
  const present = new Map<string, number>();
  let unexplained = 0;
  const lines = stalls.map((st) => {
    const from = st.from - st.max;
    const found = suspects.flatMap(([name, events]) => {
      const hit = within(events, from, st.to).filter((e) => e[1] >= SUSPECT_MS);
      if (!hit.length) return [];
      present.set(name, (present.get(name) ?? 0) + 1);
      const majors = hit.filter((e) => e[2] === 4).length;
      return [`${name} ${hit.length}× max ${max(hit).toFixed(0)}${majors ? ` (${majors} major)` : ''}`];
    });
    if (!found.length) unexplained++;
    return `      ${st.at.toFixed(1)} s (${((st.to - st.from) / 1000).toFixed(1)} s, ${st.n} antw., max ${st.max.toFixed(0)} ms): ${found.join(', ') || `geen verdachte ≥ ${SUSPECT_MS} ms`}; ${sched(from, st.to)}`;
  });
  const longest = stalls.reduce((m, st) => Math.max(m, st.max), 0);
  log(`    haperingen (aaneengesloten 100-ms-vakken met een antwoord > ${stallMs} ms): ${stalls.length}${stalls.length ? `, langste antwoord ${longest.toFixed(0)} ms; verdachten (pauze ≥ ${SUSPECT_MS} ms in het venster): ${[...present].map(([n, c]) => `${n} in ${c}`).join(', ') || '—'}${unexplained ? `, zonder verdachte ${unexplained}` : ''}` : ''}`);
  for (const l of lines.slice(0, 15)) log(l);
  if (lines.length > 15) log(`      … en ${lines.length - 15} meer`);
  const run = (name: string, events: Events | undefined) => {
    if (!events) return '';
    const e = within(events, t0, end);
    return `${name} ${e.length}× ${sum(e).toFixed(0)} ms (langste ${max(e).toFixed(1)}${e.length ? `, ≥ ${SUSPECT_MS} ms: ${e.filter((x) => x[1] >= SUSPECT_MS).length}×` : ''})`;
  };
  log(`    over de hele run: ${suspects.map(([n, e]) => run(n, e)).filter(Boolean).join('; ')}${sources.watch ? ` (watcher: ${sources.watch.how}); ${sched(t0, end)}` : ''}`);
  return { stalls: stalls.length, longest };
}
