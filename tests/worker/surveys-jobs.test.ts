import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { HttpSession } from '../helpers/http-session';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const FIXTURES = LIMESURVEY_FIXTURES;
const origin = inject('workerUrl');

type Job = { id: number; status: string; progress: number; result?: Record<string, unknown>; error?: string };

async function waitForJob(s: HttpSession, id: number): Promise<Job> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const job = ((await (await s.get(`/portal/api/v2/job/${id}`)).json()) as { data: Job }).data;
    if (job.status === 'done' || job.status === 'failed' || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('survey jobs in the built Worker (Queue JOBS → consumer, R2 FILES)', () => {
  it('imports a .lss, then runs token generation and a response import through the queue', async () => {
    const s = new HttpSession((url, init) => fetch(url, init), origin);
    expect((await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    const form = new FormData();
    form.set('file', new File([readFileSync(FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8')], 'colors.lss'));
    const imported = await s.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { data: { id: number; questions: number } }).data.id;

    const gen = await s.post(`/portal/api/v2/survey/${id}/token/generate`, { count: 2500 });
    expect(gen.status).toBe(202);
    const tokenJob = await waitForJob(s, ((await gen.json()) as { data: Job }).data.id);
    expect(tokenJob).toMatchObject({ status: 'done', progress: 100, result: { generated: 2500 } });

    const csv = new FormData();
    csv.set('file', new File(['id,submitdate,G02Q04,Q00_SQ001\n1,2025-01-01 10:00:00,AO01,Y\n2,,AO01,\n3,,ZZ,Y\n'], 'r.csv'));
    const up = await s.fetch(`/portal/api/v2/survey/${id}/response`, { method: 'POST', body: csv });
    expect(up.status).toBe(202);
    const importJob = await waitForJob(s, ((await up.json()) as { data: Job }).data.id);
    expect(importJob).toMatchObject({ status: 'done', result: { rows: 3, accepted: 2, inserted: 2, rejected: 1 } });
    const admin = ((await (await s.get(`/portal/api/v2/survey/${id}/admin`)).json()) as { data: { counts: { tokens: number; responses: number } } }).data;
    expect(admin.counts).toMatchObject({ tokens: 2500, responses: 2 });
  });

  it('shows the survey overview with the seeded burgerpeiling', async () => {
    const s = new HttpSession((url, init) => fetch(url, init), origin);
    expect((await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    const res = await s.get('/portal/survey/overview');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Onderzoeken');
    expect(html).toContain('Burgerpeiling Zuiderhaven (474747)');
  });

  it('renders the edit tabs for the own company and 404 for another company', async () => {
    const s = new HttpSession((url, init) => fetch(url, init), origin);
    expect((await s.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    const list = ((await (await s.get('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] }).data;
    const demo = list.find((x) => x.displayTitle === 'Burgerpeiling Zuiderhaven (474747)')!;
    for (const tab of ['', '/accuracy', '/generate', '/tokens', '/response']) {
      const res = await s.get(`/portal/survey/${demo.id}/edit${tab}`);
      expect(res.status, tab).toBe(200);
      expect(await res.text()).toContain('Burgerpeiling Zuiderhaven (474747)');
    }
    const other = new HttpSession((url, init) => fetch(url, init), origin);
    expect((await other.login('beheerder@noordbroek.demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    expect((await other.get(`/portal/survey/${demo.id}/edit/tokens`)).status).toBe(404);
  });
});
