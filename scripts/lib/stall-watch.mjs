// Independent stall detector for the load benchmark (TRACE=1 in scripts/bench/concurrency.ts).
// Plain JavaScript on purpose (no tsx loader, nothing to compile), started by scripts/lib/stall-trace.ts,
// if allowed under SCHED_FIFO (`chrt -f`), so the kernel runs it the moment its 1 ms sleep ends.
//
// The thread sleeps 1 ms at a time in Atomics.wait (no event loop, no timers, next to no
// allocation, so its own GC cannot pause it) and prints a line when a sleep took more than
// STALL_GAP_MS (10) of wall time: `g <start ms> <gap ms>` — its CPU need is ~0, so such a gap means
// the CPU it runs on was taken from the whole VM (the host did not run this vCPU).
// Every 100 ms it also prints, per watched role, the CPU time and the run-queue wait (time ready
// to run but not running) of all its threads from /proc/<pid>/task/<tid>/schedstat, and the
// machine's jiffies from /proc/stat: `s <t ms> <busy> <idle> <steal> <role>:<cpu ns>:<wait ns> …`.
// Times are CLOCK_MONOTONIC milliseconds (process.hrtime), the clock V8's CPU profiles and the
// other processes' traces use. Arguments: `role=pid,pid …`. It runs until killed.
import { readdirSync, readFileSync, writeSync } from 'node:fs';

const roles = process.argv.slice(2).map((arg) => {
  const [name, list] = arg.split('=');
  return { name, pids: list.split(',').filter(Boolean).map(Number) };
});
const GAP_MS = Number(process.env.STALL_GAP_MS ?? 10);
const cell = new Int32Array(new SharedArrayBuffer(4));
const now = () => Number(process.hrtime.bigint()) / 1e6;

function schedstat(pid) {
  let cpu = 0;
  let wait = 0;
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [0, 0];
  }
  for (const tid of tids) {
    try {
      const [a, b] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ');
      cpu += Number(a);
      wait += Number(b);
    } catch {
      // The thread ended between readdir and read.
    }
  }
  return [cpu, wait];
}

function sample(t) {
  const f = readFileSync('/proc/stat', 'latin1').slice(0, 200).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const busy = f[0] + f[1] + f[2] + f[5] + f[6];
  const parts = roles.map((r) => {
    let cpu = 0;
    let wait = 0;
    for (const pid of r.pids) {
      const [c, w] = schedstat(pid);
      cpu += c;
      wait += w;
    }
    return `${r.name}:${cpu}:${wait}`;
  });
  writeSync(1, `s ${t.toFixed(2)} ${busy} ${f[3] + f[4]} ${f[7]} ${parts.join(' ')}\n`);
}

let next = now();
writeSync(1, `ready ${next.toFixed(2)}\n`);
for (;;) {
  const before = now();
  Atomics.wait(cell, 0, 0, 1);
  const t = now();
  if (t - before > GAP_MS) writeSync(1, `g ${before.toFixed(2)} ${(t - before).toFixed(2)}\n`);
  if (t >= next) {
    sample(t);
    next = t + 100;
  }
}
