/**
 * Where the CPU goes under load (benchmarks only, Linux): CPU time of processes from
 * /proc/<pid>/stat (utime + stime, clock ticks of 10 ms), grouped by role (workerd, the wrangler
 * Node process around it, the libSQL server, the load generator), and the machine's load average.
 * Read before and after a fixed number of requests, the difference divided by the requests is the
 * CPU milliseconds each process spends per request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; comm: string; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may contain spaces and parentheses: the fields after it start at the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' ');
    // f[0] = state (field 3); ppid is field 4, utime 14, stime 15.
    return { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

/** pid and every descendant, with their command names. */
export function processTree(root: number): { pid: number; comm: string }[] {
  const children = new Map<number, number[]>();
  const comms = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    comms.set(Number(name), s.comm);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), Number(name)]);
  }
  const out: { pid: number; comm: string }[] = [];
  const walk = (pid: number) => {
    out.push({ pid, comm: comms.get(pid) ?? '?' });
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

export interface CpuRoles {
  [role: string]: number[];
}

/** CPU ms so far per role (the sum over its pids). */
export function cpuMs(roles: CpuRoles): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [role, pids] of Object.entries(roles)) out[role] = pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0) * TICK_MS, 0);
  return out;
}

/** The roles of a local stack: workerd (and its helpers) under the wrangler (or Miniflare) Node process. */
export function stackRoles(wranglerPid: number, extra: CpuRoles, runtime: 'wrangler' | 'miniflare' = 'wrangler'): CpuRoles {
  const tree = processTree(wranglerPid);
  if (runtime === 'miniflare') {
    // Miniflare directly: one workerd, the Worker (and its assets router), no proxy.
    return {
      'workerd (Worker)': tree.filter((p) => p.comm.startsWith('workerd')).map((p) => p.pid),
      'Miniflare (Node)': tree.filter((p) => !p.comm.startsWith('workerd')).map((p) => p.pid),
      ...extra,
    };
  }
  // wrangler dev starts two workerd processes: first its proxy (ProxyWorker, inspector; not in
  // production), then the Worker itself.
  const workerd = tree.filter((p) => p.comm.startsWith('workerd')).map((p) => p.pid).sort((a, b) => a - b);
  return {
    'workerd (Worker)': workerd.slice(1),
    'workerd (wrangler-proxy)': workerd.slice(0, 1),
    'wrangler (Node)': tree.filter((p) => !p.comm.startsWith('workerd')).map((p) => p.pid),
    ...extra,
  };
}

export const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** "workerd 3.1 ms, libSQL-server 1.2 ms, …" per request between two cpuMs readings. */
export function perRequest(before: Record<string, number>, after: Record<string, number>, requests: number): { text: string; total: number; byRole: Record<string, number> } {
  const byRole: Record<string, number> = {};
  for (const role of Object.keys(after)) byRole[role] = (after[role]! - (before[role] ?? 0)) / Math.max(1, requests);
  const total = Object.values(byRole).reduce((a, b) => a + b, 0);
  const text = Object.entries(byRole).map(([role, ms]) => `${role} ${ms.toFixed(2)}`).join(', ');
  return { text: `${text} (samen ${total.toFixed(2)} ms CPU per verzoek)`, total, byRole };
}
