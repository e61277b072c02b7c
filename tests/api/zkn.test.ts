import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { healthcareCompanies, jobs, ratingJobs, ratingResults, ratings } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { JOB_KINDS } from '../../src/server/job-kinds';

const t = createSurveyTestApp();
afterAll(() => t.close());

let linde: HttpSession;
let zuiderhaven: HttpSession;
let noordbroek: HttpSession;
let gebruiker: HttpSession;

beforeAll(async () => {
  linde = await loginAs(t.session(), 'gebruiker@delinde.demo.impulz.nl');
  zuiderhaven = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  noordbroek = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
}, 30_000);

const count = async (table: typeof ratings | typeof ratingJobs | typeof jobs | typeof healthcareCompanies | typeof ratingResults) =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

function upload(s: HttpSession, path: string, content: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([content], 'beoordelingen.csv', { type: 'text/csv' }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return s.fetch(path, { method: 'POST', body: form });
}

type Body = { data: any; message?: string; errors?: Record<string, string[]> };
const json = async (res: Response) => (await res.json()) as Body;

describe('healthcare providers (zkn/company)', () => {
  it('lists the own organisation’s providers, filtered by type and AGB code', async () => {
    const all = await json(await linde.get('/portal/api/v2/zkn/company'));
    expect(all.data.total).toBe(13);
    const thuiszorg = await json(await linde.get('/portal/api/v2/zkn/company?type=thuiszorg'));
    expect(thuiszorg.data.items.map((p: { type: string }) => p.type)).toEqual(['thuiszorg', 'thuiszorg', 'thuiszorg']);
    const one = await json(await linde.get('/portal/api/v2/zkn/company?agb_code=01034567'));
    expect(one.data.items).toEqual([expect.objectContaining({ agb_code: '01034567', name: 'Huisartsenpraktijk De Linde Centrum', place: 'Amersfoort' })]);
    const limited = await json(await linde.get('/portal/api/v2/zkn/company?limit=2&q=amersfoort'));
    expect(limited.data.items).toHaveLength(2);
    expect(limited.data.total).toBe(6);
  });

  it('refuses a wrong AGB code and an unknown type in Dutch (422)', async () => {
    const res = await linde.get('/portal/api/v2/zkn/company?agb_code=1234567');
    expect(res.status).toBe(422);
    expect((await json(res)).errors!.agb_code).toEqual(['De AGB-code bestaat uit precies 8 cijfers.']);
    expect((await linde.get('/portal/api/v2/zkn/company?type=kapper')).status).toBe(422);
  });

  it('shows another organisation none of them, and needs zkn.view', async () => {
    expect((await json(await zuiderhaven.get('/portal/api/v2/zkn/company'))).data).toEqual({ items: [], total: 0 });
    expect((await gebruiker.get('/portal/api/v2/zkn/company')).status).toBe(403);
  });

  it('imports a providers CSV all or nothing: a bad line is reported by number', async () => {
    const before = await count(healthcareCompanies);
    const bad = await upload(linde, '/portal/api/v2/zkn/company/import', 'agb_code;naam;type;plaats;regio\n01099991;Nieuwe praktijk;huisartsenpraktijk;Soest;Utrecht\n0109999;Kapotte code;huisartsenpraktijk;;\n');
    expect(bad.status).toBe(422);
    const body = await json(bad);
    expect(body.message).toBe("Regel 3: de AGB-code '0109999' bestaat niet uit precies 8 cijfers.");
    expect(await count(healthcareCompanies)).toBe(before);
    const good = await upload(linde, '/portal/api/v2/zkn/company/import', 'agb_code,naam,type,plaats,regio\n01099991,Nieuwe praktijk,huisartsenpraktijk,Soest,Utrecht\n01034568,"Huisartsenpraktijk Lindenhof, Amersfoort",Huisartsenpraktijk,Amersfoort,Utrecht\n');
    expect(good.status).toBe(200);
    expect((await json(good)).data).toEqual({ added: 1, updated: 1 });
    expect(await count(healthcareCompanies)).toBe(before + 1);
    const [renamed] = await t.db.select().from(healthcareCompanies).where(eq(healthcareCompanies.agbCode, '01034568'));
    expect(renamed!.name).toBe('Huisartsenpraktijk Lindenhof, Amersfoort');
  });

  it('needs zkn.create to import', async () => {
    expect((await upload(gebruiker, '/portal/api/v2/zkn/company/import', 'agb_code;naam;type\n')).status).toBe(403);
  });
});

describe('rating jobs', () => {
  it('lists the demo job, done, and shows its ranking without numbers for small providers', async () => {
    const list = await json(await linde.get('/portal/api/v2/ratingJob'));
    expect(list.data).toEqual([expect.objectContaining({ id: 1, status: 'done', progress: 100, min_n: 10, provider_count: 13 })]);
    const job = await json(await linde.get('/portal/api/v2/ratingJob/1'));
    const small = job.data.results.filter((r: { ranked: boolean }) => !r.ranked);
    expect(small.map((r: { provider: { agb_code: string } }) => r.provider.agb_code).sort()).toEqual(['01034570', '73015003']);
    for (const r of small) expect(r).toMatchObject({ n: null, overall: null, aspects: null, recommend: null, distribution: null, bayes: null, rank_in_type: null });
    const ranked = job.data.results.filter((r: { ranked: boolean }) => r.ranked);
    expect(job.data.rating_count).toBe(ranked.reduce((a: number, r: { n: number }) => a + r.n, 0));
    expect(job.data.distribution.reduce((a: number, b: number) => a + b, 0)).toBe(job.data.rating_count);
  });

  it('keeps another organisation out (404) and needs zkn.view', async () => {
    expect((await noordbroek.get('/portal/api/v2/ratingJob/1')).status).toBe(404);
    expect((await noordbroek.get('/portal/api/v2/ratingJob/1/csv')).status).toBe(404);
    expect((await json(await zuiderhaven.get('/portal/api/v2/ratingJob'))).data).toEqual([]);
    expect((await zuiderhaven.get('/portal/api/v2/ratingJob/1')).status).toBe(404);
    expect((await gebruiker.get('/portal/api/v2/ratingJob')).status).toBe(403);
  });

  it('refuses a malformed ratings line by number and writes nothing', async () => {
    const before = { ratings: await count(ratings), jobs: await count(ratingJobs), queue: await count(jobs), files: t.bucket.keys().length };
    const file = 'agb_code;datum;cijfer;afspraak;aanbevelen\n01034567;2026-03-01;8;7;ja\n01034567;2026-02-30;8;7;ja\n01034567;2026-03-01;11;;nee\n99999999;2026-03-01;6;;\n';
    const res = await upload(linde, '/portal/api/v2/ratingJob', file, { name: 'Kapot', min_n: '3' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toBe("Regel 3: de datum '2026-02-30' is geen geldige datum (JJJJ-MM-DD).");
    expect(body.errors!.file).toEqual([
      "Regel 3: de datum '2026-02-30' is geen geldige datum (JJJJ-MM-DD).",
      "Regel 4: het cijfer '11' is geen heel getal van 1 tot en met 10.",
      'Regel 5: AGB-code 99999999 is geen zorgaanbieder van uw organisatie. Importeer de zorgaanbieder eerst.',
    ]);
    expect({ ratings: await count(ratings), jobs: await count(ratingJobs), queue: await count(jobs), files: t.bucket.keys().length }).toEqual(before);
  });

  it('refuses missing columns, a missing name and a min_n out of range', async () => {
    const noColumn = await upload(linde, '/portal/api/v2/ratingJob', 'agb_code;cijfer\n01034567;8\n', { name: 'x' });
    expect((await json(noColumn)).message).toBe('De kopregel mist de kolom(men): datum.');
    const noName = await upload(linde, '/portal/api/v2/ratingJob', 'agb_code;datum;cijfer\n01034567;2026-01-01;8\n');
    expect(noName.status).toBe(422);
    expect((await json(noName)).errors!.name).toEqual(['Dit veld mag niet leeg zijn']);
    const minN = await upload(linde, '/portal/api/v2/ratingJob', 'agb_code;datum;cijfer\n01034567;2026-01-01;8\n', { name: 'x', min_n: '1' });
    expect((await json(minN)).errors!.min_n).toEqual(['Het minimum aantal beoordelingen ligt tussen 2 en 1000.']);
    expect((await upload(gebruiker, '/portal/api/v2/ratingJob', 'x', { name: 'x' })).status).toBe(403);
  });

  it('runs a job and ranks as computed by hand', async () => {
    // min_n 3: A (01034567) 8, 9, 10; B (01034568) 7 × 6; C (01034569) 10, 10 → too few.
    // type mean (7 + 9 + 10 + 6·7)/9 = 69/9; A (3·69/9 + 27)/6 = 8.3333; B (3·69/9 + 42)/9 = 7.2222
    const lines = ['agb_code;datum;cijfer;afspraak;bejegening;luisteren;informatie;behandeling;aanbevelen'];
    for (const s of [8, 9, 10]) lines.push(`01034567;2026-05-0${s - 7};${s};${s};;;;;ja`);
    for (let i = 1; i <= 6; i++) lines.push(`01034568;2026-06-0${i};7;6;7;8;;;nee`);
    lines.push('01034569;2026-07-01;10;;;;;;ja', '01034569;2026-07-02;10;;;;;;ja');
    const res = await upload(linde, '/portal/api/v2/ratingJob', lines.join('\r\n'), { name: 'Handberekend', min_n: '3' });
    expect(res.status).toBe(202);
    const { data } = await json(res);
    const job = (await json(await linde.get(`/portal/api/v2/ratingJob/${data.id}`))).data;
    expect(job.status).toBe('done');
    const by = (agb: string) => job.results.find((r: { provider: { agb_code: string } }) => r.provider.agb_code === agb);
    expect(by('01034567').bayes).toBeCloseTo(50 / 6, 10);
    expect(by('01034567').type_mean).toBeCloseTo(69 / 9, 10);
    expect(by('01034567').overall.low).toBeCloseTo(9 - (4.303 * 1) / Math.sqrt(3), 10);
    expect(by('01034567').rank_in_type).toBe(1);
    expect(by('01034568').bayes).toBeCloseTo(65 / 9, 10);
    expect(by('01034568').rank_in_type).toBe(2);
    expect(by('01034568').aspects.luisteren).toEqual({ n: 6, mean: 8, low: 8, high: 8 });
    expect(by('01034568').aspects.informatie).toBeNull();
    expect(by('01034568').recommend).toMatchObject({ n: 6, pct: 0 });
    expect(by('01034569')).toMatchObject({ ranked: false, n: null, overall: null });
    expect(job.rating_count).toBe(9);
    expect(await t.db.select({ n: sql<number>`count(*)` }).from(ratings).where(eq(ratings.ratingJobId, data.id))).toEqual([{ n: 11 }]);
    // The upload is gone once the job is done.
    expect(t.bucket.keys().filter((k) => k.startsWith('zkn/'))).toEqual([]);

    const csv = await linde.get(`/portal/api/v2/ratingJob/${data.id}/csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const rows = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('plaats_in_type;plaats_in_regio;zorgaanbieder;agb_code;type;plaats;regio;aantal;gemiddeld;interval_laag;interval_hoog;gewogen;afspraak;bejegening;luisteren;informatie;behandeling;aanbevelen_pct');
    expect(rows.find((r) => r.includes('01034567'))).toMatch(/^1;1;.*;3;9,00;6,52;10,00;8,33;9,00;;;;;100,0$/);
    expect(rows.find((r) => r.includes('01034569'))).toContain(';te weinig beoordelingen;');
  });

  it('fails cleanly when its file vanished: failed job, nothing half-written', async () => {
    t.setDelivery(false);
    try {
      const res = await upload(linde, '/portal/api/v2/ratingJob', 'agb_code;datum;cijfer\n01034567;2026-01-01;8\n01034567;2026-01-02;9\n', { name: 'Verdwenen', min_n: '2' });
      expect(res.status).toBe(202);
      const { data } = await json(res);
      for (const key of t.bucket.keys().filter((k) => k.startsWith('zkn/'))) await t.files.delete(key);
      const { runJob } = await import('../../src/server/jobs/run-job');
      expect(await runJob(JOB_KINDS, { db: t.db, files: t.files, now: () => new Date() }, data.job.id)).toBe('failed');
      const job = (await json(await linde.get(`/portal/api/v2/ratingJob/${data.id}`))).data;
      expect(job).toMatchObject({ status: 'failed', error: 'Het bestand van deze beoordelingsronde is niet meer beschikbaar.', results: [] });
      expect(await t.db.select({ n: sql<number>`count(*)` }).from(ratings).where(eq(ratings.ratingJobId, data.id))).toEqual([{ n: 0 }]);
    } finally {
      t.setDelivery(true);
    }
  });
});
