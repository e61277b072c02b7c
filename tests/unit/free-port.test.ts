import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, onFreePorts, reserve, type WorkerProcess } from '../../scripts/lib/worker-process';

const DIR = join(tmpdir(), 'impulz-ports');
const fakeWorker = (port: number): WorkerProcess => ({ url: `http://127.0.0.1:${port}`, pid: 1, inspectorPort: 0, stop: async () => {} });

describe('free ports for parallel test runs (scripts/lib/worker-process.ts)', () => {
  it('hands out distinct ports, each reserved for this process', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) expect(readFileSync(join(DIR, String(port)), 'utf8')).toBe(String(process.pid));
  });

  it("does not take a port another live run reserved; takes over a dead run's reservation", () => {
    mkdirSync(DIR, { recursive: true });
    const held = 65_000 + (process.pid % 400);
    writeFileSync(join(DIR, String(held)), String(process.ppid)); // the parent: alive
    expect(reserve(held)).toBe(false);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(DIR, String(held)), String(dead));
    expect(reserve(held)).toBe(true);
    expect(readFileSync(join(DIR, String(held)), 'utf8')).toBe(String(process.pid));
  });

  it('starts again on fresh ports when a chosen port was taken, keeps a port the caller gave, and does not retry other failures', async () => {
    const tried: number[][] = [];
    const worker = await onFreePorts(undefined, async (port, inspector) => {
      tried.push([port, inspector]);
      if (tried.length < 3) throw new Error('listen EADDRINUSE: address already in use 127.0.0.1');
      return fakeWorker(port);
    });
    expect(tried).toHaveLength(3);
    expect(new Set(tried.flat()).size).toBe(6);
    expect(worker.url).toBe(`http://127.0.0.1:${tried[2]![0]}`);

    const given: number[] = [];
    await expect(onFreePorts(4999, async (port) => {
      given.push(port);
      throw new Error('The Worker process stopped with code 1');
    })).rejects.toThrow('stopped with code 1');
    expect(given).toEqual([4999]);
    expect(existsSync(DIR)).toBe(true);
  });
});
