import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema';
import type { FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { runJob } from '../../src/server/jobs/run-job';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { JOB_KINDS } from '../../src/server/job-kinds';

const t = createSurveyTestApp();
afterAll(() => t.close());

const brokenFiles: FileStore = {
  put: async () => {},
  get: async () => {
    throw new Error('R2 niet bereikbaar');
  },
  delete: async () => {},
  upload: async () => {
    throw new Error('R2 niet bereikbaar');
  },
};

describe('jobs', () => {
  it('retries a transient failure and marks the job failed once its attempts are used up', async () => {
    const [job] = await t.db.insert(jobs).values({ kind: 'survey.responses.import', payload: { surveyId: 1, key: 'x' }, createdBy: 2 }).returning();
    const deps = { db: t.db, files: brokenFiles, now: () => new Date() };
    expect(await runJob(JOB_KINDS, deps, job!.id)).toBe('retry');
    expect((await t.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await runJob(JOB_KINDS, deps, job!.id)).toBe('retry');
    expect(await runJob(JOB_KINDS, deps, job!.id)).toBe('failed');
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: 'De taak is mislukt. Probeer het later opnieuw.' });
    expect(await runJob(JOB_KINDS, deps, job!.id)).toBe('skipped');
  });

  it('fails at once on a permanent error (unknown kind), without retrying', async () => {
    const runner = inlineJobSystem(JOB_KINDS, t.db, t.files);
    const job = await runner.enqueue('no.such.kind', {}, 2);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: 'Onbekend soort taak: no.such.kind.' });
  });

  it("answers GET job/{id} only for the job's owner or a root user", async () => {
    const [job] = await t.db.insert(jobs).values({ kind: 'x', payload: {}, createdBy: 2, status: 'running', progress: 40 }).returning();
    const owner = t.session();
    await owner.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!');
    const res = await owner.get(`/portal/api/v2/job/${job!.id}`);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ id: job!.id, status: 'running', progress: 40 });
    const colleague = t.session();
    await colleague.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!');
    expect((await colleague.get(`/portal/api/v2/job/${job!.id}`)).status).toBe(404);
    // A malformed id names no job: 404, as on every route (routes/params.ts).
    expect((await owner.get('/portal/api/v2/job/abc')).status).toBe(404);
    // Only digits are an id: '+7' or '7e0' is no other spelling of job 7.
    expect((await owner.get(`/portal/api/v2/job/+${job!.id}`)).status).toBe(404);
    expect((await owner.get(`/portal/api/v2/job/${job!.id}e0`)).status).toBe(404);
  });
});
