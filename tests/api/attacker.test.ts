import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSurveyCube } from '../../src/server/services/analytics/build-survey-cube';
import { indicatorCatalog } from '../../src/server/services/indicators/catalog';
import { Attacker, seeded } from '../attack/attacker';
import { cellKeyEvaluation, summarise, summaryTable } from '../attack/cellkey-eval';
import { type AttackReport, httpTarget, prepareAttackReport } from '../attack/http-target';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * The automated attacker through the portal's own endpoints: staff data calls and the filter menu
 * as a logged-in user, public data calls without a session, on a survey of sparse generated
 * respondents (imported through the import services) and a public report on it — once without and
 * once with the date filter. Bounded here; `npm run bench -- privacy` sends many more requests.
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
let staff: HttpSession;
let visitor: HttpSession;
const reports: Record<string, AttackReport> = {};

beforeAll(async () => {
  staff = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  visitor = t.session();
  await visitor.csrf();
  reports.fixed = await prepareAttackReport(t.db, t.files, { seed: 31, respondents: 2500, dateFilter: false, granularity: 'month' });
  reports.dated = await prepareAttackReport(t.db, t.files, { seed: 32, respondents: 2500, dateFilter: true, granularity: 'month' });
  reports.cellkey = await prepareAttackReport(t.db, t.files, { seed: 33, respondents: 2500, dateFilter: true, granularity: 'month', protection: 'cellkey', overlap: true });
}, 120_000);

describe('automated attacker via the staff and public endpoints', { timeout: 180_000 }, () => {
  it.each(['fixed', 'dated'])('finds no group of 1 … 9 and no single answer (%s period)', async (name) => {
    const r = reports[name]!;
    const attacker = new Attacker(r.setup, httpTarget(staff, visitor, r.reportId), seeded(name.length));
    const findings = await attacker.run(120);
    expect(findings, JSON.stringify(findings.slice(0, 3))).toEqual([]);
    // It worked with released numbers (staff and public), none of its requests was refused.
    expect(attacker.observations).toBeGreaterThan(40);
    expect(attacker.refused).toBe(0);
  });

  it('in cell-key mode the extended attacker (two steps, overlapping options, inclusion–exclusion, repeats) is never certain', async () => {
    const r = reports.cellkey!;
    const { cube } = await buildSurveyCube(t.db, r.surveyId);
    const catalog = await indicatorCatalog(t.db, 1, r.surveyId, cube);
    const attacker = new Attacker(r.setup, httpTarget(staff, visitor, r.reportId), seeded(9), { extended: true, evaluate: cellKeyEvaluation(cube, catalog, 10, 'cellkey') });
    await attacker.run(150);
    // Staff and public, repeated and re-ordered: every definition always got the same answer.
    expect(attacker.findings.filter((f) => f.kind === 'inconsistent')).toEqual([]);
    expect(attacker.repeats).toBeGreaterThan(20);
    expect(attacker.refused).toBe(0);
    const summary = summarise(attacker.evaluations, 10);
    const table = summaryTable('cellkey', summary);
    expect(summary.reduce((s, k) => s + k.derivations, 0), table).toBeGreaterThan(20);
    expect(summary.every((k) => k.certain === 0 && k.minCandidates > 1), table).toBe(true);
  });
});
