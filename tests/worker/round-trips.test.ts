import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { HttpSession } from '../helpers/http-session';

const origin = inject('workerUrl');
const session = () => new HttpSession((url, init) => fetch(url, init), origin);
const data = '/portal/api/v2/data/1/nl/report/1';
const body = { benchmarks: [{ label: 'Totaal' }] };

/**
 * Database round trips per request (issue 20), counted by the Worker's web client and sent in
 * X-Impulz-Db-Round-Trips outside production. Counts, not times: stable on a noisy machine.
 * The target is 2 per request (3 where a write follows a read); `ceiling` is what each path may
 * use today, so no change makes a path slower at the edge unnoticed. Lower a ceiling when you
 * bring a path down; raising one needs a reason in the commit.
 */
const login = async (s: HttpSession) => {
  await s.csrf();
  return s.post('/portal/auth/login', { email: 'beheerder@demo.impulz.nl', password: DEMO_PASSWORD });
};

/** Two options of report 1's benchmark menu (two categories where there are two), as the menu's sync sends them. */
let chosen: number[] | null = null;
const chosenOptions = async (s: HttpSession) => {
  if (chosen) return chosen;
  const menu = (await (await s.get('/portal/api/v2/report/1/filterOption')).json()) as { data: { filterCategories: { filterOptions: { id: number }[] }[] } };
  const categories = menu.data.filterCategories.filter((c) => c.filterOptions.length);
  chosen = categories.slice(0, 2).map((c) => c.filterOptions[0]!.id);
  expect(chosen.length).toBeGreaterThan(0);
  return chosen;
};

const PATHS: { name: string; ceiling: number; send(s: HttpSession): Promise<Response> }[] = [
  // Read batch, then one write batch; over an existing session the session check comes first.
  { name: 'login', ceiling: 2, send: () => login(session()) },
  { name: 'bootstrap', ceiling: 2, send: (s) => s.get('/portal/api/v2/bootstrap') },
  { name: 'front page', ceiling: 2, send: (s) => s.get('/portal/') },
  { name: 'project page', ceiling: 2, send: (s) => s.get('/portal/project/1') },
  { name: 'report page', ceiling: 2, send: (s) => s.get('/portal/report/1') },
  // Warm = cached answer: the session's statement answers the access check too (reports/access.ts).
  { name: 'report data', ceiling: 1, send: (s) => s.post(data, body) },
  { name: 'report data, one chart', ceiling: 1, send: (s) => s.post(`${data}/chart/1`, body) },
  { name: 'filter menu', ceiling: 2, send: (s) => s.get('/portal/api/v2/report/1/filterOption') },
  // The call the benchmark menu really makes on every tick (issue 35): its counts for the options chosen.
  { name: 'filter menu sync', ceiling: 2, send: async (s) => s.post('/portal/api/v2/report/1/filterCategory', { selectedFilterOptions: await chosenOptions(s) }) },
  { name: 'public report', ceiling: 1, send: () => session().get('/portal/public/report/1') },
  // Read batch, then the export's audit row (issue 34: every export is in the audit trail): a write after a read.
  { name: 'PDF export', ceiling: 3, send: (s) => s.post('/portal/api/v2/report/1/export', body) },
];

describe('database round trips per request', () => {
  it('stay within each path’s ceiling, warm, as the demo Beheerder', async () => {
    const s = session();
    expect((await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    const counts: Record<string, number> = {};
    for (const path of PATHS) {
      await (await path.send(s)).arrayBuffer(); // warm: isolate caches, cube, edge cache
      const res = await path.send(s);
      await res.arrayBuffer();
      expect(res.status, path.name).toBe(200);
      const header = res.headers.get('x-impulz-db-round-trips');
      expect(header, `${path.name}: header`).toMatch(/^\d+$/);
      counts[path.name] = Number(header);
    }
    const over = PATHS.filter((p) => counts[p.name]! > p.ceiling).map((p) => `${p.name}: ${counts[p.name]} > ${p.ceiling}`);
    expect(over, JSON.stringify(counts)).toEqual([]);
  });

  it('logs in over an existing session within 3 (session check, read batch, write batch that ends the old session)', async () => {
    const s = session();
    expect((await login(s)).status).toBe(200);
    const again = await login(s);
    expect(again.status).toBe(200);
    expect(Number(again.headers.get('x-impulz-db-round-trips'))).toBeLessThanOrEqual(3);
  });

  it('report data stays within 2 when its cached answer is outdated (the session check reads the data generation)', async () => {
    const { createClient } = await import('@libsql/client');
    const s = session();
    expect((await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    await (await s.post(data, body)).arrayBuffer(); // cached in the isolate
    const cached = await s.post(data, body);
    await cached.arrayBuffer();
    // A cached answer with an unchanged generation: the session's statement, access check included, alone.
    expect([cached.headers.get('x-impulz-db-round-trips'), cached.headers.get('x-impulz-db-statements')]).toEqual(['1', '1']);
    const db = createClient({ url: inject('libsqlUrl') });
    await db.execute(`update data_generations set n = n + 1 where name = 'report-inputs'`);
    db.close();
    const moved = await s.post(data, body);
    await moved.arrayBuffer();
    expect(moved.status).toBe(200);
    expect(Number(moved.headers.get('x-impulz-db-round-trips'))).toBeLessThanOrEqual(2);
  });

  it('counts statements as well, and a request without database work as 0', async () => {
    const res = await session().get('/portal/auth/login/status');
    expect(res.headers.get('x-impulz-db-round-trips')).toBe('0');
    expect(res.headers.get('x-impulz-db-statements')).toBe('0');
  });
});
