import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, reports, surveyCubeRebuilds, surveyResponses, surveys, weightingResults, weightingSchemes } from '../../src/server/db/schema';
import type { JobSystem } from '../../src/server/jobs/types';
import { sweepCubeRebuilds } from '../../src/server/services/participate/cube-rebuild';
import { seedDemo } from '../../scripts/seed/demo';
import { DEMO_SCHEME_NAME, WEIGHTED_REPORT_TITLE } from '../../scripts/seed/weighting';
import { createTestApp } from '../helpers/test-app';

/** The demo seed (the template database every api test copies) ends in a state production could be in. */
const t = createTestApp();
afterAll(() => t.close());

const enqueued: string[] = [];
const recordingJobs = { files: null as never, enqueue: async (kind: string) => (enqueued.push(kind), { id: 0 }) as never, redeliver: async () => undefined } as unknown as JobSystem;

async function assertQuiet() {
  // Every job the seed started has finished; none failed.
  const open = await t.db.select({ id: jobs.id, kind: jobs.kind, status: jobs.status }).from(jobs).where(inArray(jobs.status, ['queued', 'running', 'failed']));
  expect(open).toEqual([]);
  // No completed response or background answer waits for a cube rebuild, and none is scheduled.
  const rebuilds = await t.db.select().from(surveyCubeRebuilds);
  for (const r of rebuilds) expect(r, `survey ${r.surveyId}`).toMatchObject({ pending: 0, scheduled: false });
  // So the cron sweep finds nothing to pick up.
  expect(await sweepCubeRebuilds(t.db, recordingJobs, new Date(Date.now() + 24 * 3_600_000))).toBe(0);
  expect(enqueued).toEqual([]);
}

describe('the demo seed', () => {
  it('leaves no response pending and no rebuild half-scheduled: the panel answer’s rebuild ran as in production', async () => {
    await assertQuiet();
    const [demo] = await t.db.select({ id: surveys.id, version: surveys.responsesVersion }).from(surveys).where(eq(surveys.lsSid, 474747));
    // Version 1 from the response upload, version 2 from the rebuild after the panel member's background answers.
    expect(demo!.version).toBe(2);
    const rounds = await t.db.select({ result: jobs.result }).from(jobs).where(and(eq(jobs.kind, 'participate.cube-rebuild'), eq(jobs.status, 'done')));
    expect(rounds.map((r) => (r.result as { responses?: number }).responses)).toContain(1);
  });

  it('gives every survey with responses a responses version (a cube) of its own', async () => {
    const rows = await t.db
      .select({ id: surveys.id, version: surveys.responsesVersion, n: count(surveyResponses.id) })
      .from(surveys)
      .innerJoin(surveyResponses, eq(surveyResponses.surveyId, surveys.id))
      .where(isNotNull(surveyResponses.submitDate))
      .groupBy(surveys.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.version, `survey ${r.id}`).toBeGreaterThanOrEqual(1);
  });

  it('weights one published demo report with the scheme Bevolking Zuiderhaven 2026 (computed for the current responses); report 1 stays unweighted', async () => {
    const [demo] = await t.db.select({ id: surveys.id, version: surveys.responsesVersion }).from(surveys).where(eq(surveys.lsSid, 474747));
    const [scheme] = await t.db.select().from(weightingSchemes).where(and(eq(weightingSchemes.surveyId, demo!.id), eq(weightingSchemes.name, DEMO_SCHEME_NAME)));
    expect(scheme!.variables.map((v) => v.column_key)).toEqual(['leeftijd', 'geslacht', 'wijk']);
    for (const v of scheme!.variables) expect(Object.values(v.targets).reduce((a, b) => a + b, 0)).toBe(41_250);
    const [result] = await t.db.select().from(weightingResults).where(eq(weightingResults.schemeId, scheme!.id));
    expect(result).toMatchObject({ status: 'ok', responsesVersion: demo!.version });
    const weighted = await t.db.select({ id: reports.id, title: reports.title, statusId: reports.statusId }).from(reports).where(isNotNull(reports.weightingId));
    expect(weighted).toEqual([{ id: expect.any(Number), title: WEIGHTED_REPORT_TITLE, statusId: 3 }]);
    const [first] = await t.db.select({ w: reports.weightingId }).from(reports).where(eq(reports.id, 1));
    expect(first!.w).toBeNull();
  });

  it('is idempotent: seeding again adds nothing pending', async () => {
    const before = await t.db.select({ n: count() }).from(jobs);
    await seedDemo(t.db);
    expect(await t.db.select({ n: count() }).from(jobs)).toEqual(before);
    await assertQuiet();
  }, 60_000);
});
