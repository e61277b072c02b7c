/**
 * Cell-key release benchmark (issue 32 item 4): how much of what plain min_n (R1) would show a
 * reader gets back, in `suppress` and `cellkey` mode side by side, on the demo survey (the seeded
 * burgerpeiling, report 1 "Burgerpeiling Zuiderhaven 2026", through the staff data service as the
 * portal calls it, on a migrated and seeded temporary libSQL file).
 * - trend buckets: report 1 as seeded (date filter off), granularity month; one request per
 *   benchmark: all respondents and every filter option of the report alone; cells = bucket ×
 *   data location;
 * - benchmarks: report 1 with the date filter on (month); one request per benchmark: all
 *   respondents and every filter option alone, each for every month of the report year; cells =
 *   whole benchmark × data location.
 * Release ratio = cells released / cells R1 would release (group and answerers ≥ min_n, counted on
 * the true numbers: exactly the cells cell-key mode does not withhold by construction).
 * Accuracy: |perturbed − true| percentage points per option, over the cells released in both modes
 * (suppress mode's numbers are exact; the trend requests' whole-year benchmarks included), by the
 * true base: 10–49, 50–199, ≥ 200; and split by the option's true count: 1 … m−1 (published as 0
 * or m, never a small count: the p-table's two-point rows) against m or more (noise at most ±D, the p-table's maximum),
 * with the share of the total error each part carries, and the rows where the true counts were
 * consistent (all options and the base perturbed, none from a perturbed count over a true base:
 * checked by recomputing each published share from the published count and base).
 * Run: `npm run bench -- cellkey-release`.
 */
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb } from '../../src/server/db/client';
import { filterOptions, reportFilterCategories, reports, users } from '../../src/server/db/schema';
import { computeReportDataFor, type ReportDataAnswer } from '../../src/server/services/report-data/compute-report-data';
import { serviceContextFor } from '../../tests/helpers/service-context';
import { migrateDatabase } from '../migrate';
import { PTABLE_D } from '../../src/server/analytics/cellkey/ptable-data';
import { seedDatabase } from '../seed';

type Mode = 'suppress' | 'cellkey';
type Body = { benchmarks: { label: string; start?: string | null; end?: string | null; filterOptions?: number[] }[]; granularity?: number };
type Cell = { suppressed: boolean; reason?: string; stats?: { base: number; options: { code: string; count: number; percentage: number | null }[] } };

const dir = fileURLToPath(new URL(`../../.tmp/bench-cellkey-${process.pid}/`, import.meta.url));
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
  const REPORT = 1;
  const [report] = await db.select().from(reports).where(eq(reports.id, REPORT));
  const options = (
    await db.select({ id: filterOptions.id }).from(filterOptions).innerJoin(reportFilterCategories, eq(reportFilterCategories.categoryId, filterOptions.categoryId)).where(eq(reportFilterCategories.reportId, REPORT))
  ).map((o) => o.id);
  const year = Number(report!.startDate!.slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = String(i + 1).padStart(2, '0');
    return { start: `${year}-${m}-01`, end: new Date(Date.UTC(year, i + 1, 0)).toISOString().slice(0, 10) };
  });
  const groups: Body['benchmarks'] = [{ label: 'Alle' }, ...options.map((id) => ({ label: `optie ${id}`, filterOptions: [id] }))];
  const setReport = (values: Partial<typeof reports.$inferInsert>) => db.update(reports).set(values).where(eq(reports.id, REPORT));
  const ask = async (body: Body) => (await computeReportDataFor(ctx, REPORT, 'nl', { kind: 'report' }, body as never)) as ReportDataAnswer;

  /** Cells of every request in one mode, in the same order for both modes. */
  async function cells(mode: Mode, kind: 'trend' | 'benchmarks'): Promise<{ cells: Cell[]; wholes: Cell[]; ms: number; requests: number }> {
    await setReport({ protection: mode, ...(kind === 'benchmarks' ? { dateFilter: true, dateGranularity: 'month' } : { dateFilter: false }) });
    const out: Cell[] = [];
    const wholes: Cell[] = [];
    const bodies: Body[] = kind === 'trend' ? groups.map((g) => ({ benchmarks: [g], granularity: 3 })) : groups.flatMap((g) => months.map((p) => ({ benchmarks: [{ ...g, ...p }] })));
    const t0 = performance.now();
    for (const body of bodies) {
      const answer = await ask(body);
      for (const d of answer.dataLocations) {
        for (const b of d.benchmarks) {
          out.push(...((kind === 'trend' ? (b.buckets ?? []) : [b]) as Cell[]));
          if (kind === 'trend') wholes.push(b as Cell);
        }
      }
    }
    return { cells: out, wholes, ms: performance.now() - t0, requests: bodies.length };
  }

  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)} %` : '–');
  console.log(`demo survey, report ${REPORT} (min_n ${report!.minN}), ${groups.length} benchmarks (all + ${options.length} filter options alone), year ${year}`);
  console.log('cells                       R1 would release   suppress: released  ratio      cellkey: released  ratio      ms/request s | c');
  const accuracy = new Map<string, { n: number; sum: number; max: number }>();
  // The same split by the option's true count: below min_n (0 or m) or not.
  const split = new Map<string, { n: number; sum: number; max: number }>();
  let checked = 0;
  let inconsistent = 0;
  let above100 = 0;
  // How far the published shares of a cell add up away from the true sum (options perturbed one by one).
  const sums = new Map<string, { n: number; sum: number; max: number }>();
  const m = report!.minN;
  for (const kind of ['trend', 'benchmarks'] as const) {
    const s = await cells('suppress', kind);
    const c = await cells('cellkey', kind);
    if (s.cells.length !== c.cells.length) throw new Error('modes answered different cell counts');
    // R1 on the true numbers: cell-key mode withholds exactly those (reasons group/answered below min_n).
    const r1 = c.cells.filter((x) => !x.suppressed).length;
    const sr = s.cells.filter((x) => !x.suppressed).length;
    const cr = r1;
    const differencing = s.cells.filter((x) => x.suppressed && x.reason === 'differencing').length;
    console.log(
      `${(kind === 'trend' ? 'trend buckets (month)' : 'benchmarks (date filter)').padEnd(27)} ${String(r1).padStart(16)}   ${String(sr).padStart(18)}  ${pct(sr, r1).padStart(7)}    ${String(cr).padStart(17)}  ${pct(cr, r1).padStart(7)}    ${(s.ms / s.requests).toFixed(1)} | ${(c.ms / c.requests).toFixed(1)}`,
    );
    console.log(`  of ${s.cells.length} cells; suppress mode withholds ${r1 - sr} that R1 would release (${differencing} cells carry the reason differencing)`);
    // Accuracy over every cell released in both modes (buckets or month benchmarks, and in the trend
    // requests the whole-year benchmarks too), options matched by code (short text folds per mode).
    const pairs = [...s.cells.map((x, i) => [x, c.cells[i]!] as const), ...s.wholes.map((x, i) => [x, c.wholes[i]!] as const)];
    for (const [x, y] of pairs) {
      if (x.suppressed || y.suppressed) continue;
      const base = x.stats!.base;
      const cls = base < 50 ? '10–49' : base < 200 ? '50–199' : '≥ 200';
      const acc = accuracy.get(cls) ?? { n: 0, sum: 0, max: 0 };
      const perturbed = new Map(y.stats!.options.map((o) => [o.code, o]));
      for (const o of x.stats!.options) {
        const q = perturbed.get(o.code);
        const p = q?.percentage;
        if (o.percentage === null || p === null || p === undefined) continue;
        const d = Math.abs(p - o.percentage);
        acc.n++;
        acc.sum += d;
        acc.max = Math.max(acc.max, d);
        const part = `${cls} ${o.count > 0 && o.count < m ? 'small' : 'large'}`;
        const sp = split.get(part) ?? { n: 0, sum: 0, max: 0 };
        sp.n++;
        sp.sum += d;
        sp.max = Math.max(sp.max, d);
        split.set(part, sp);
        // The published share is the published count over the published base (never a true one).
        checked++;
        if (y.stats!.base > 0 && Math.abs((q!.count / y.stats!.base) * 100 - p) > 1e-6) inconsistent++;
        if (p > 100 + 1e-9) above100++;
      }
      const trueSum = x.stats!.options.reduce((t, o) => t + (o.percentage ?? 0), 0);
      const pubSum = y.stats!.options.reduce((t, o) => t + (o.percentage ?? 0), 0);
      const sa = sums.get(cls) ?? { n: 0, sum: 0, max: 0 };
      sa.n++;
      sa.sum += Math.abs(pubSum - trueSum);
      sa.max = Math.max(sa.max, Math.abs(pubSum - trueSum));
      sums.set(cls, sa);
      accuracy.set(cls, acc);
    }
  }
  console.log('\naccuracy of cell-key percentages (|perturbed − true|, percentage points, per option, cells released in both modes, whole-year benchmarks included)');
  console.log('true base   options   mean    max');
  for (const cls of ['10–49', '50–199', '≥ 200']) {
    const a = accuracy.get(cls);
    if (!a || !a.n) console.log(`${cls.padEnd(10)} ${'0'.padStart(8)}`);
    else console.log(`${cls.padEnd(10)} ${String(a.n).padStart(8)}   ${(a.sum / a.n).toFixed(2).padStart(5)}  ${a.max.toFixed(2).padStart(5)}`);
  }
  console.log(`\nthe same by the option's true count (small = 1 … ${m - 1}: published as 0 or ${m}; large = 0 or ≥ ${m}: noise ±${PTABLE_D} at most)`);
  console.log('true base  option count   options   mean    max   share of the error');
  for (const cls of ['10–49', '50–199', '≥ 200']) {
    const total = accuracy.get(cls)?.sum ?? 0;
    for (const part of ['small', 'large']) {
      const a = split.get(`${cls} ${part}`);
      if (!a || !a.n) continue;
      console.log(`${cls.padEnd(10)} ${part.padEnd(12)} ${String(a.n).padStart(9)}   ${(a.sum / a.n).toFixed(2).padStart(5)}  ${a.max.toFixed(2).padStart(5)}   ${total ? `${((100 * a.sum) / total).toFixed(0)} %` : '–'}`);
    }
  }
  console.log(`published shares recomputed from the published count and base: ${checked - inconsistent} of ${checked} agree; above 100 %: ${above100}`);
  console.log('sum of a cell\'s published shares against the true sum (points): ' + ['10–49', '50–199', '≥ 200'].map((c) => { const a = sums.get(c); return a ? `${c} mean ${(a.sum / a.n).toFixed(2)}, max ${a.max.toFixed(2)} (${a.n} cells)` : `${c} –`; }).join('; '));
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
