/**
 * CPU profiles for the benchmarks: the Worker's (workerd, through wrangler's inspector port, the
 * Chrome DevTools protocol) and a summary of any .cpuprofile (self time by function), so a
 * benchmark can print where the time goes instead of only how much there is.
 */
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * A Chrome DevTools protocol session with a process's inspector port (wrangler: the Worker, whose
 * workerd service is named impulz-portal; node --inspect): `send` a method, get its result.
 */
async function inspectorSession(inspectorPort: number): Promise<{ send(method: string, params?: object): Promise<unknown>; close(): void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  // Miniflare lists every workerd service (assets router, …): ours is named impulz-portal.
  const target = targets.find((t) => /impulz-portal/.test(t.title ?? '')) ?? targets.find((t) => !/loopback|internal/i.test(t.title ?? '')) ?? targets[0];
  if (!target) throw new Error('no inspector target');
  // The `ws` client: wrangler's inspector proxy refuses the handshake of Node's built-in WebSocket.
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  let next = 1;
  const pending = new Map<number, (v: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)!(msg.result);
      pending.delete(msg.id);
    }
  });
  return {
    send: (method, params = {}) =>
      new Promise<unknown>((ok) => {
        const id = next++;
        pending.set(id, ok);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** 'name file:line' of a profile's call frame. */
function frameName(f: { functionName: string; url: string; lineNumber: number }): string {
  const file = f.url.split('/').slice(-1)[0] ?? '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
}

/** Starts the CPU profiler of a process with an inspector port (wrangler: the Worker; node --inspect), sampling every `intervalUs` µs; `stop()` ends it, writes the profile to `file` and returns it. */
export async function profileInspector(inspectorPort: number, file: string, intervalUs = 200): Promise<{ stop(): Promise<CpuProfile> }> {
  const { send, close } = await inspectorSession(inspectorPort);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: intervalUs });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
      close();
      writeFileSync(file, JSON.stringify(profile));
      return profile;
    },
  };
}

/**
 * Self time per function (name and file:line), largest first, as a share of the sampled time.
 * `(idle)` and `(program)` are left out of the shares: only time spent running code counts.
 */
export function topSelfTime(profile: CpuProfile, n = 20): { share: number; ms: number; name: string }[] {
  const byNode = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) byNode.set(samples[i]!, (byNode.get(samples[i]!) ?? 0) + (deltas[i] ?? 0) / 1000);
  const byName = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const name = frameName(f);
    byName.set(name, (byName.get(name) ?? 0) + ms);
    busy += ms;
  }
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => ({ share: ms / Math.max(busy, 1e-9), ms, name }));
}

/**
 * Inclusive (total) time of functions whose name matches, as a share of the busy time: e.g. how
 * much of the Worker's time is under `computeReportData` or drizzle's SQL building.
 */
export function inclusiveTime(profile: CpuProfile, match: RegExp): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let busy = 0;
  let hit = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    const name = node?.callFrame.functionName;
    if (!node || name === '(idle)' || name === '(program)') continue;
    const ms = (deltas[i] ?? 0) / 1000;
    busy += ms;
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      if (match.test(byId.get(id)!.callFrame.functionName)) {
        hit += ms;
        break;
      }
    }
  }
  return hit / Math.max(busy, 1e-9);
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/**
 * The sampling heap profiler of a process with an inspector port (the Worker's isolate): what
 * allocates, by function, while it runs (`HeapProfiler.startSampling`, one sample per
 * `intervalBytes` allocated; objects collected meanwhile are kept in the figures). `stop()` returns
 * the bytes allocated per function (self, largest first) and the isolate's heap before and after.
 */
export async function heapSampling(inspectorPort: number, intervalBytes = 16_384): Promise<{ stop(): Promise<{ total: number; top: { name: string; bytes: number }[]; usedBefore: number; usedAfter: number }> }> {
  const { send, close } = await inspectorSession(inspectorPort);
  const used = async () => ((await send('Runtime.getHeapUsage')) as { usedSize?: number } | undefined)?.usedSize ?? 0;
  await send('HeapProfiler.enable');
  const usedBefore = await used();
  await send('HeapProfiler.startSampling', { samplingInterval: intervalBytes, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    async stop() {
      const { profile } = (await send('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
      const usedAfter = await used();
      close();
      const byName = new Map<string, number>();
      let total = 0;
      const walk = (n: HeapNode) => {
        const name = frameName(n.callFrame);
        byName.set(name, (byName.get(name) ?? 0) + n.selfSize);
        total += n.selfSize;
        for (const c of n.children) walk(c);
      };
      walk(profile.head);
      return { total, top: [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([name, bytes]) => ({ name, bytes })), usedBefore, usedAfter };
    },
  };
}
