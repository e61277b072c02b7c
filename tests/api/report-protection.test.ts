import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../src/server/db/schema';
import { buildSurveyCube } from '../../src/server/services/analytics/build-survey-cube';
import { seeded } from '../attack/attacker';
import { type AttackReport, prepareAttackReport } from '../attack/http-target';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * The report setting `protection` (issue 32, docs/perturbation.md): validated, stored, and in
 * cell-key mode every answer — staff and public, data and menu — is perturbed the same way and
 * never shows a count of 1 … m−1.
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let staff: HttpSession;
let visitor: HttpSession;
let report: AttackReport;

beforeAll(async () => {
  staff = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  visitor = t.session();
  await visitor.csrf();
  report = await prepareAttackReport(t.db, t.files, { seed: 41, respondents: 1500, dateFilter: true, granularity: 'month', protection: 'cellkey' });
}, 120_000);

type Cell = { suppressed: boolean; stats?: { groupSize: number; answered: number; base: number; answers: number; options: { count: number; low: boolean }[] }; buckets?: Cell[] };
type Answer = { protection: string; minN: number; dataLocations: { benchmarks: Cell[] }[] };

async function data(session: HttpSession, path: string, body: unknown): Promise<Answer> {
  const res = await session.fetch(`${API}${path ? `/${path}` : ''}/data/1/nl/report/${report.reportId}`, { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}

describe('report setting protection', { timeout: 120_000 }, () => {
  it('is validated (Dutch 422), stored and presented', async () => {
    const bad = await staff.fetch(`${API}/report/${report.reportId}`, { method: 'PUT', json: { protection: 'ruis' } });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.protection).toEqual(['Kies weglaten of licht afronden']);
    const got = await staff.fetch(`${API}/report/${report.reportId}`);
    expect(((await got.json()) as { data: { protection: string } }).data.protection).toBe('cellkey');
  });

  it('staff and public answers are equal, and no count 1 … m−1 appears anywhere (sweep)', async () => {
    const rng = seeded(5);
    const options = report.setup.categories.flatMap((c) => c.options);
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      const benchmarks = Array.from({ length: rng.int(1, 3) }, () => ({ filterOptions: options.filter(() => rng.chance(0.25)).slice(0, 2) }));
      const body = { benchmarks: benchmarks.map((b, k) => ({ label: String.fromCharCode(65 + k), ...b })), ...(i % 2 ? { granularity: 3 } : {}) };
      const a = await data(staff, '', body);
      const b = await data(visitor, 'public', body);
      expect(a.protection).toBe('cellkey');
      expect(b.dataLocations).toEqual(a.dataLocations);
      for (const loc of a.dataLocations) {
        for (const cell of loc.benchmarks.flatMap((c) => [c, ...(c.buckets ?? [])])) {
          if (cell.suppressed) continue;
          const s = cell.stats!;
          for (const n of [s.groupSize, s.answered, s.base, s.answers, ...s.options.map((o) => o.count)]) expect(n === 0 || n >= a.minN, `count ${n}`).toBe(true);
          expect(s.options.some((o) => o.low)).toBe(false);
          checked++;
        }
      }
      const menu = await staff.fetch(`${API}/report/${report.reportId}/filterCategory`, { method: 'POST', json: { selectedFilterOptions: benchmarks[0]!.filterOptions } });
      expect(menu.status).toBe(200);
      const cats = ((await menu.json()) as { data: { filterCategories: { filterOptions: { soloCount: number | null; combinedCount: number | null }[] }[] } }).data.filterCategories;
      for (const o of cats.flatMap((c) => c.filterOptions)) for (const n of [o.soloCount, o.combinedCount]) expect(n === null || n >= a.minN).toBe(true);
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('record keys', () => {
  it('every response has a stored random 32-bit key; the cube carries exactly those, rebuild after rebuild', async () => {
    const rows = await t.db.select({ id: surveyResponses.id, key: surveyResponses.recordKey, submit: surveyResponses.submitDate }).from(surveyResponses).where(eq(surveyResponses.surveyId, report.surveyId));
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.every((r) => Number.isInteger(r.key) && r.key! >= 0 && r.key! <= 0xffffffff)).toBe(true);
    expect(new Set(rows.map((r) => r.key)).size).toBeGreaterThan(rows.length - 3);
    const a = await buildSurveyCube(t.db, report.surveyId);
    const b = await buildSurveyCube(t.db, report.surveyId, { pageRows: 97 });
    expect(b.cube.recordKeys).toEqual(a.cube.recordKeys);
    const stored = new Set(rows.map((r) => r.key));
    expect([...a.cube.recordKeys!].every((k) => stored.has(k))).toBe(true);
    // A new response gets its own key from the insert trigger; the others keep theirs.
    const [added] = await t.db.insert(surveyResponses).values({ surveyId: report.surveyId, externalKey: 'id:999999', submitDate: rows[0]!.submit, answers: '{}' }).returning({ id: surveyResponses.id, key: surveyResponses.recordKey });
    const [after] = await t.db.select({ key: surveyResponses.recordKey }).from(surveyResponses).where(eq(surveyResponses.id, added!.id));
    expect(after!.key).not.toBeNull();
    const again = await t.db.select({ id: surveyResponses.id, key: surveyResponses.recordKey }).from(surveyResponses).where(eq(surveyResponses.surveyId, report.surveyId));
    const before = new Map(rows.map((r) => [r.id, r.key]));
    expect(again.filter((r) => r.id !== added!.id).every((r) => before.get(r.id) === r.key)).toBe(true);
  });
});
