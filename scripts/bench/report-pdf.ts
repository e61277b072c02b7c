/**
 * PDF export budget (issue 8): the demo report "Burgerpeiling Zuiderhaven 2026" (2 sections,
 * 6 charts, 3,000 responses) drawn as a PDF through the export service, in process, on a migrated
 * and seeded temporary libSQL file — median and p90 over 10 runs (budget ≤ 3 s) and the size.
 * The first run (cold cube) is reported apart. Option: --runs N.
 */
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { exportReport } from '../../src/server/services/export/export-report';
import { serviceContextFor } from '../../tests/helpers/service-context';
import { migrateDatabase } from '../migrate';
import { seedDatabase } from '../seed';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const BUDGET_MS = 3000;

const dir = fileURLToPath(new URL(`../../.tmp/bench-report-pdf-${process.pid}/`, import.meta.url));
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const url = `file:${dir}portal.db`;
const client = createClient({ url });
try {
  await migrateDatabase(url);
  await seedDatabase(url);
  const db = createDb(client);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'beheerder@demo.impulz.nl'));
  const ctx = await serviceContextFor(db, user!.id);
  const body = { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] };
  const once = async () => {
    const t0 = performance.now();
    const out = await exportReport({ ...ctx, now: new Date() }, 1, body);
    if (out.kind !== 'pdf') throw new Error('expected an inline PDF');
    return { ms: performance.now() - t0, bytes: out.bytes.byteLength };
  };
  const cold = await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.ms);
    bytes = r.bytes;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.9) - 1)]!;
  console.log(`demo report PDF (6 charts, 2 benchmarks, 3,000 responses), ${RUNS} runs`);
  console.log(`first run (cold cube): ${cold.ms.toFixed(0)} ms`);
  console.log(`median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms — budget ${BUDGET_MS} ms: ${p90 <= BUDGET_MS ? 'OK' : 'OVER'}`);
  console.log(`size: ${(bytes / 1024).toFixed(1)} kB (${bytes} bytes)`);
  if (p90 > BUDGET_MS) process.exitCode = 1;
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
