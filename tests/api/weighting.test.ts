import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataGenerations, panelAnswers, panelFieldOptions, panelFields, panelUsers, reports, surveyAudit, surveyResponses, surveys, surveyTokens, users } from '../../src/server/db/schema';
import { syncPanelTokens } from '../../src/server/services/participate/panel-fielding';
import { loadPublicView } from '../../src/server/services/report-data/load-public-view';
import { readPublicQuery } from '../../src/server/services/report-data/public-query';
import { loadWeightingPage } from '../../src/server/services/weighting/load-weighting-page';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';
import { serviceContextFor } from '../helpers/service-context';
import { burgerpeilingCsv } from '../../scripts/seed/surveys';
import { burgerpeilingLss } from '../../scripts/seed/surveys-burgerpeiling';
import { CHART_TYPES } from '../../src/shared/lookups';
import { REPORT_INPUTS } from '../../src/server/db/generations';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let surveyId = 0;
let admin: HttpSession;
let other: HttpSession;

// 'Bevolking Zuiderhaven 2026' (issue 31): age × sex × district, population 41,250.
const TARGETS = {
  leeftijd: { A1: 10_725, A2: 9_900, A3: 10_725, A4: 9_900 },
  geslacht: { M: 19_275, V: 19_500, X: 2_475 },
  wijk: { W1: 8_250, W2: 7_425, W3: 6_600, W4: 7_425, W5: 6_600, W6: 4_950 },
};
const scheme = (over: Record<string, unknown> = {}) => ({
  name: 'Bevolking Zuiderhaven 2026',
  method: 'rake',
  targets_are: 'counts',
  variables: Object.entries(TARGETS).map(([column_key, targets]) => ({ column_key, targets })),
  ...over,
});

interface Dto {
  id: number;
  status: string;
  weighted_by: string;
  result: { n: number; effective_n: number; design_effect: number; efficiency: number; min_weight: number; max_weight: number; converged: boolean; histogram: number[]; variables: { column_key: string; categories: { code: string; target: number; achieved: number }[] }[] } | null;
}
const body = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const errors = async (res: Response) => ((await res.json()) as { message?: string; errors: Record<string, string[]> }).errors;
const post = (s: HttpSession, b: unknown) => s.fetch(`${API}/survey/${surveyId}/weighting`, { method: 'POST', json: b });

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
  other = t.session();
  await loginAs(other, 'beheerder@noordbroek.demo.impulz.nl');
}, 30_000);

describe('weighting schemes', { timeout: 60_000 }, () => {
  let id = 0;

  it("offers the single-choice questions by their texts, panel background fields by field and option names (not 'panel:<id>')", async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'beheerder@demo.impulz.nl'));
    const page = await loadWeightingPage(await serviceContextFor(t.db, user!.id), surveyId);
    const wijk = page.questions.find((q) => q.key === 'wijk');
    expect(wijk?.label).not.toBe('wijk');
    const panelFields = page.questions.filter((q) => q.key.startsWith('panel:'));
    expect(panelFields.length).toBeGreaterThan(0);
    for (const q of panelFields) {
      expect(q.label).not.toMatch(/^panel:/);
      for (const c of q.codes) expect(c.label).not.toBe(c.code);
    }
  });

  it('creates a raking scheme whose margins equal the targets, with its figures and an audit row', async () => {
    const res = await post(admin, scheme());
    expect(res.status).toBe(201);
    const dto = await body<Dto>(res);
    id = dto.id;
    expect(dto.status).toBe('current');
    expect(dto.weighted_by).toBe('Gewogen naar leeftijdsgroep, geslacht en wijk');
    const r = dto.result!;
    expect(r.converged).toBe(true);
    expect(r.n).toBeGreaterThan(1000);
    expect(r.effective_n).toBeLessThan(r.n);
    expect(r.design_effect).toBeCloseTo(r.n / r.effective_n, 9);
    expect(r.efficiency).toBeCloseTo(r.effective_n / r.n, 9);
    expect(r.min_weight).toBeGreaterThan(0);
    expect(r.histogram.reduce((a, b) => a + b, 0)).toBe(r.n);
    for (const v of r.variables) for (const c of v.categories) expect(Math.abs(c.achieved - c.target)).toBeLessThan(1e-9);
    const wijk = r.variables.find((v) => v.column_key === 'wijk')!.categories.find((c) => c.code === 'W1')!;
    expect(wijk.target).toBeCloseTo(8_250 / 41_250, 12);
    const audit = await t.db.select().from(surveyAudit).where(and(eq(surveyAudit.surveyId, surveyId), eq(surveyAudit.action, 'weighting.create')));
    expect(audit.at(-1)!.detail).toMatchObject({ scheme_id: id, variables: ['leeftijd', 'geslacht', 'wijk'] });
    const list = await body<Dto[]>(await admin.fetch(`${API}/survey/${surveyId}/weighting`));
    expect(list.map((s) => s.id)).toContain(id);
  });

  it('refuses every invalid scheme with a Dutch 422 and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [scheme({ variables: [{ column_key: 'geslacht', targets: { M: 1, V: 1, X: 1, Q: 1 } }] }), 'variables', /'Q'.*niemand.*lege cel/],
      [scheme({ variables: [{ column_key: 'geslacht', targets: { M: 1, V: 1 } }] }), 'variables', /ontbreekt het doel voor de antwoordcode 'X'/],
      [scheme({ variables: [{ column_key: 'leeftijd', targets: TARGETS.leeftijd }, { column_key: 'geslacht', targets: { M: 19_275, V: 19_500, X: 2_000 } }] }), 'variables', /tellen op tot 40\.775.*41\.250/],
      [scheme({ variables: [{ column_key: 'jarenwonen', targets: { 1: 1 } }] }), 'variables', /jarenwonen is geen enkelvoudige keuzevraag/],
      [scheme({ variables: [{ column_key: 'problemen', targets: { SQ001: 1 } }] }), 'variables', /problemen is geen enkelvoudige keuzevraag/],
      [scheme({ variables: [{ column_key: 'bestaatniet', targets: { A: 1 } }] }), 'variables', /bestaatniet is geen vraag/],
      [scheme({ max_iterations: 1 }), 'max_iterations', /niet geconvergeerd; (leeftijd|geslacht|wijk) wijkt het meest af/],
      [scheme({ targets_are: 'shares', variables: [{ column_key: 'geslacht', targets: { M: 0.4, V: 0.4, X: 0.1 } }] }), 'variables', /aandelen van geslacht tellen op tot 0,9/],
      [scheme({ method: 'poststratify' }), 'variables', /Poststratificatie weegt naar één variabele/],
      [scheme({ name: '' }), 'name', /naam/],
      [scheme({ trim: { lower: 2, upper: 3 } }), 'trim.lower', /ondergrens/],
      [scheme({ start_date: '2026-02-30' }), 'start_date', /jjjj-mm-dd/],
      [scheme({ end_date: '2026-13-01' }), 'end_date', /jjjj-mm-dd/],
      [scheme({ start_date: '2030-01-01' }), 'start_date', /geen voltooide responses/],
    ];
    for (const [input, field, message] of cases) {
      const res = await post(admin, input);
      expect(res.status, JSON.stringify(input)).toBe(422);
      const e = await errors(res);
      expect(e[field]?.join(' '), JSON.stringify(e)).toMatch(message);
    }
    // The seeded demo scheme (scripts/seed/weighting.ts) and the one created above: nothing else was stored.
    const list = await body<Dto[]>(await admin.fetch(`${API}/survey/${surveyId}/weighting`));
    expect(list.map((s) => s.id).filter((x) => x !== id)).toHaveLength(1);
    expect(list.length).toBe(2);
  });

  it('post-stratifies on one variable and on the cross of two', async () => {
    const one = await post(admin, { name: 'Wijk', method: 'poststratify', targets_are: 'counts', variables: [{ column_key: 'wijk', targets: TARGETS.wijk }] });
    expect(one.status).toBe(201);
    const oneDto = await body<Dto & { result: { iterations: number } }>(one);
    expect(oneDto.result.iterations).toBe(1);
    const cells = Object.fromEntries(['M', 'V', 'X'].flatMap((g) => ['A1', 'A2', 'A3', 'A4'].map((a) => [`${g}|${a}`, g === 'X' ? 0.01 : 0.12])));
    const two = await post(admin, { name: 'Geslacht × leeftijd', method: 'poststratify', targets_are: 'shares', variables: [{ column_key: 'geslacht' }, { column_key: 'leeftijd' }], cell_targets: cells });
    expect(two.status).toBe(201);
    const dto = await body<Dto>(two);
    expect(dto.result!.variables[0]!.column_key).toBe('geslacht|leeftijd');
    for (const c of dto.result!.variables[0]!.categories) expect(c.achieved).toBeCloseTo(c.target, 12);
    for (const d of [dto.id, oneDto.id]) expect((await admin.fetch(`${API}/survey/${surveyId}/weighting/${d}`, { method: 'DELETE' })).status).toBe(200);
  });

  it("is another company's survey: 404 everywhere", async () => {
    expect((await other.fetch(`${API}/survey/${surveyId}/weighting`)).status).toBe(404);
    expect((await post(other, scheme())).status).toBe(404);
    expect((await other.fetch(`${API}/survey/${surveyId}/weighting/${id}`)).status).toBe(404);
    expect((await other.fetch(`${API}/survey/${surveyId}/weighting/${id}`, { method: 'PUT', json: scheme() })).status).toBe(404);
    expect((await other.fetch(`${API}/survey/${surveyId}/weighting/${id}/weights`)).status).toBe(404);
    expect((await other.fetch(`${API}/survey/${surveyId}/weighting/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.fetch(`${API}/survey/${surveyId}/weighting/999999`)).status).toBe(404);
  });

  it('exports response_id;weight for every response of the universe, ids as the response browser lists them', async () => {
    const res = await admin.fetch(`${API}/survey/${surveyId}/weighting/${id}/weights`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('response_id;weight');
    const rows = lines.slice(1).map((l) => l.split(';').map(Number) as [number, number]);
    const dto = await body<Dto>(await admin.fetch(`${API}/survey/${surveyId}/weighting/${id}`));
    expect(rows.length).toBe(dto.result!.n);
    expect(rows.reduce((s, [, w]) => s + w, 0) / rows.length).toBeCloseTo(1, 9);
    const ids = new Set((await t.db.select({ id: surveyResponses.id }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId))).map((r) => r.id));
    for (const [rid] of rows) expect(ids.has(rid)).toBe(true);
    expect(lines[1]).toMatch(/^\d+;\d+\.\d+$/);
  });

  it('a report uses the scheme: only the weighted fields change, withheld stays withheld, the answer names it', async () => {
    type Cell = { suppressed: boolean; stats?: Record<string, unknown> & { options: Record<string, unknown>[] } };
    const data = async () => body<{ weighting: { id: number; label: string } | null; dataLocations: { columnKey: string; benchmarks: Cell[]; map?: { areas: { code: string; benchmarks: Cell[] }[] } }[] }>(
      await admin.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] } }),
    );
    const plain = await data();
    expect(plain.weighting).toBeNull();
    const put = await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: id } });
    expect(put.status).toBe(200);
    expect((await body<{ weighting_id: number }>(put)).weighting_id).toBe(id);
    const weighted = await data();
    expect(weighted.weighting).toMatchObject({ id, label: 'Gewogen naar leeftijdsgroep, geslacht en wijk' });
    const PEOPLE = ['groupSize', 'answered', 'answers', 'base', 'nMethod', 'scored'];
    let changed = 0;
    plain.dataLocations.forEach((d, i) => {
      d.benchmarks.forEach((cell, b) => {
        const w = weighted.dataLocations[i]!.benchmarks[b]!;
        expect(w.suppressed).toBe(cell.suppressed);
        if (cell.suppressed) return expect(w.stats).toBeUndefined();
        for (const k of PEOPLE) expect(w.stats![k]).toEqual(cell.stats![k]);
        expect(w.stats!.options.map((o) => o.count)).toEqual(cell.stats!.options.map((o) => o.count));
        expect(typeof w.stats!.weightedBase).toBe('number');
        expect(typeof w.stats!.effectiveN).toBe('number');
        expect(w.stats!.effectiveN as number).toBeLessThanOrEqual((w.stats!.base as number) + 1e-9);
        if (w.stats!.options.some((o, k) => Math.abs((o.percentage as number) - (cell.stats!.options[k]!.percentage as number)) > 1e-6)) changed++;
      });
    });
    expect(changed).toBeGreaterThan(0);
    // The map chart's areas are weighted as well (its notes say 'Gewogen naar …' like every chart's); withheld stays withheld.
    const areaCells = (answer: typeof plain) => answer.dataLocations.flatMap((d) => d.map?.areas ?? []).flatMap((a) => a.benchmarks);
    const plainAreas = areaCells(plain);
    const weightedAreas = areaCells(weighted);
    expect(weightedAreas.length).toBe(plainAreas.length);
    expect(weightedAreas.filter((c) => !c.suppressed).length).toBeGreaterThan(0);
    weightedAreas.forEach((cell, k) => {
      expect(cell.suppressed).toBe(plainAreas[k]!.suppressed);
      if (cell.suppressed) return;
      expect(cell.stats!.base).toEqual(plainAreas[k]!.stats!.base);
      expect(typeof cell.stats!.weightedBase).toBe('number');
      expect(typeof cell.stats!.effectiveN).toBe('number');
    });
    // The PDF is weighted too and says so on its cover and under the charts.
    const pdf = await admin.fetch(`${API}/report/1/export`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Gewogen naar leeftijdsgroep, geslacht en wijk');
  });

  it('cell-key mode protects the weighted numbers too: counts are the unweighted cell-key counts, no count 1 … m−1, map areas included', async () => {
    type Cell = { suppressed: boolean; stats?: Record<string, unknown> & { options: (Record<string, unknown> & { count: number })[] } };
    type Answer = { minN: number; protection: string; dataLocations: { benchmarks: Cell[]; map?: { areas: { benchmarks: Cell[] }[] } }[] };
    const data = async () => body<Answer>(await admin.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] } }));
    const cells = (a: Answer) => a.dataLocations.flatMap((d) => [...d.benchmarks, ...(d.map?.areas ?? []).flatMap((x) => x.benchmarks)]);
    expect((await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { protection: 'cellkey' } })).status).toBe(200);
    try {
      const weighted = await data();
      expect(weighted.protection).toBe('cellkey');
      expect((await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: null } })).status).toBe(200);
      const plain = await data();
      expect((await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: id } })).status).toBe(200);
      const w = cells(weighted);
      const p = cells(plain);
      expect(w.length).toBe(p.length);
      expect(w.filter((c) => !c.suppressed).length).toBeGreaterThan(0);
      w.forEach((cell, k) => {
        expect(cell.suppressed).toBe(p[k]!.suppressed);
        if (cell.suppressed) return;
        for (const key of ['groupSize', 'answered', 'answers', 'base']) {
          const n = cell.stats![key] as number;
          expect(n === 0 || n >= weighted.minN, `${key} ${n}`).toBe(true);
          expect(n).toBe(p[k]!.stats![key]);
        }
        for (const o of cell.stats!.options) expect(o.count === 0 || o.count >= weighted.minN).toBe(true);
        expect(typeof cell.stats!.weightedBase).toBe('number');
        expect(typeof cell.stats!.effectiveN).toBe('number');
      });
    } finally {
      await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { protection: 'suppress', weighting_id: id } });
    }
  });

  it('a scheme whose range does not hold the report period is refused (422)', async () => {
    const narrow = await post(admin, scheme({ name: 'Alleen voorjaar', start_date: '2026-03-01', end_date: '2026-06-30' }));
    expect(narrow.status).toBe(201);
    const nid = (await body<Dto>(narrow)).id;
    const res = await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: nid } });
    expect(res.status).toBe(422);
    expect((await errors(res)).weighting_id![0]).toMatch(/periode van de rapportage/);
    expect((await admin.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: 999_999 } })).status).toBe(422);
    await admin.fetch(`${API}/survey/${surveyId}/weighting/${nid}`, { method: 'DELETE' });
  });

  it('recomputes after a response is deleted (verouderd until the job ran); deleting the scheme unweights the report', async () => {
    const [victim] = await t.db.select({ id: surveyResponses.id }).from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), isNotNull(surveyResponses.submitDate))).limit(1);
    t.setDelivery(false);
    expect((await admin.fetch(`${API}/survey/${surveyId}/responses/${victim!.id}`, { method: 'DELETE' })).status).toBe(200);
    const stale = await body<Dto>(await admin.fetch(`${API}/survey/${surveyId}/weighting/${id}`));
    expect(stale.status).toBe('stale');
    const before = stale.result!.n;
    t.setDelivery(true);
    const { jobs } = await import('../../src/server/db/schema');
    const queued = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'queued'));
    const { runJob } = await import('../../src/server/jobs/run-job');
    const { inlineJobSystem } = await import('../../src/server/jobs/enqueue');
    const { JOB_KINDS } = await import('../../src/server/job-kinds');
    const system = inlineJobSystem(JOB_KINDS, t.db, t.files);
    for (const j of queued) await runJob(JOB_KINDS, { db: t.db, files: t.files, now: () => new Date(), jobs: system }, j.id);
    const fresh = await body<Dto>(await admin.fetch(`${API}/survey/${surveyId}/weighting/${id}`));
    expect(fresh.status).toBe('current');
    expect(fresh.result!.n).toBe(before - 1);
    expect((await admin.fetch(`${API}/survey/${surveyId}/weighting/${id}`, { method: 'DELETE' })).status).toBe(200);
    const [report] = await t.db.select({ w: reports.weightingId }).from(reports).where(eq(reports.id, 1));
    expect(report!.w).toBeNull();
    expect((await t.db.select().from(surveyAudit).where(and(eq(surveyAudit.surveyId, surveyId), eq(surveyAudit.action, 'weighting.delete')))).length).toBeGreaterThan(0);
  });
});

describe("'Gewogen naar …' names the variables as the reader knows them, never 'panel:<id>'", { timeout: 60_000 }, () => {
  // The demo panel's background field 'Leeftijdsgroep' (cube key panel:1), renamed here so its name is not also a filter category's title.
  const FIELD = 'Leeftijdsklasse volgens het panel';
  const LABEL = 'Gewogen naar leeftijdsklasse volgens het panel';
  let fieldKey = '';
  let fieldId = 0;
  let oldName = '';
  let panelScheme = 0;
  let copyId = 0;
  let renamedOption: { id: number; label: string } | undefined;
  type NamedDto = Dto & { variables: { column_key: string; name: string; label: string }[]; result: { variables: { categories: { code: string; label: string }[] }[] } | null };

  beforeAll(async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'beheerder@demo.impulz.nl'));
    const page = await loadWeightingPage(await serviceContextFor(t.db, user!.id), surveyId);
    fieldKey = page.questions.find((q) => q.key.startsWith('panel:') && q.label === 'Leeftijdsgroep')!.key;
    fieldId = Number(fieldKey.slice('panel:'.length));
    oldName = (await t.db.select({ name: panelFields.name }).from(panelFields).where(eq(panelFields.id, fieldId)))[0]!.name;
    await t.db.update(panelFields).set({ name: FIELD }).where(eq(panelFields.id, fieldId));
    // 100 members of the panel with an age group (options 1 and 2 of the field), each with a token of
    // the fielded survey and one completed response of report 1's period (as panels-engine.test.ts does).
    const ids = Array.from({ length: 100 }, (_, i) => 2000 + i);
    await t.db.insert(users).values(ids.map((id) => ({ id, companyId: 1, groupId: 3, email: `weging${id}@example.nl`, fullname: `Lid ${id}`, passwordHash: 'x' })));
    await t.db.insert(panelUsers).values(ids.map((userId) => ({ panelId: 1, userId })));
    await t.db.insert(panelAnswers).values(ids.map((userId, i) => ({ panelFieldId: fieldId, userId, optionId: i < 60 ? 1 : 2 })));
    await syncPanelTokens(t.db, surveyId, new Date());
    const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
    const { rows } = await t.client.execute({
      sql: 'select id from survey_responses where survey_id = ? and submit_date is not null and substr(submit_date, 1, 10) between ? and ? order by id limit ?',
      args: [surveyId, r!.start!, r!.end, ids.length],
    });
    const tokens = new Map((await t.db.select({ token: surveyTokens.token, participant: surveyTokens.participantId }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId))).map((x) => [x.participant, x.token]));
    await t.client.batch(ids.map((id, i) => ({ sql: 'update survey_responses set token = ? where id = ?', args: [tokens.get(`panel-user:${id}`)!, Number(rows[i]!.id)] })), 'write');
    await t.db.update(surveys).set({ responsesVersion: sql`${surveys.responsesVersion} + 1` }).where(eq(surveys.id, surveyId));
    const res = await post(admin, { name: 'Panel', method: 'poststratify', targets_are: 'shares', variables: [{ column_key: fieldKey, targets: { 1: 0.4, 2: 0.6 } }] });
    expect(res.status, JSON.stringify(res.status === 422 ? await errors(res) : null)).toBe(201);
    panelScheme = (await body<Dto>(res)).id;
    // A published, public copy of report 1 with the panel scheme (report 1 stays as it is).
    copyId = (await body<{ id: number }>(await admin.fetch(`${API}/report/1/copy`, { method: 'POST', json: {} }))).id;
    expect((await admin.fetch(`${API}/report/${copyId}`, { method: 'PUT', json: { status_id: 3, direct_access: true, pdf_export: true, weighting_id: panelScheme } })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    if (copyId) await admin.fetch(`${API}/report/${copyId}`, { method: 'DELETE' });
    if (panelScheme) await admin.fetch(`${API}/survey/${surveyId}/weighting/${panelScheme}`, { method: 'DELETE' });
    if (fieldId) await t.db.update(panelFields).set({ name: oldName }).where(eq(panelFields.id, fieldId));
    if (renamedOption) await t.db.update(panelFieldOptions).set({ label: renamedOption.label }).where(eq(panelFieldOptions.id, renamedOption.id));
  });

  it('the weighting screen: a panel field by its name, its answers by their labels; a question by a readable code or its quoted text', async () => {
    const dto = await body<NamedDto>(await admin.fetch(`${API}/survey/${surveyId}/weighting/${panelScheme}`));
    expect(dto.weighted_by).toBe(LABEL);
    expect(dto.variables[0]).toMatchObject({ column_key: fieldKey, name: 'leeftijdsklasse volgens het panel', label: FIELD });
    for (const c of dto.result!.variables[0]!.categories) expect(c.label).toMatch(/jaar/);
    const listed = await body<NamedDto[]>(await admin.fetch(`${API}/survey/${surveyId}/weighting`));
    expect(listed.find((s) => s.id === panelScheme)!.weighted_by).toBe(LABEL);
    // 'contact' reads as a word and has no filter category; 'veilig_overdag' (a subquestion) is named by its texts.
    const questions = await post(admin, { name: 'Vragen', method: 'rake', targets_are: 'shares', variables: [{ column_key: 'contact', targets: { Y: 0.5, N: 0.5 } }, { column_key: 'veilig_overdag', targets: { 1: 0.7, 2: 0.3 } }] });
    expect(questions.status, JSON.stringify(questions.status === 422 ? await errors(questions) : null)).toBe(201);
    const q = await body<NamedDto>(questions);
    expect(q.weighted_by).toBe('Gewogen naar contact en ‘Hoe vaak voelt u zich onveilig in uw buurt? – Overdag’');
    expect((await admin.fetch(`${API}/survey/${surveyId}/weighting/${q.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it("a refusal names the panel field by its name, not 'panel:<id>'", async () => {
    const res = await post(admin, { name: 'Onvolledig', method: 'poststratify', targets_are: 'shares', variables: [{ column_key: fieldKey, targets: { 99999: 1 } }] });
    expect(res.status).toBe(422);
    const message = (await errors(res)).variables!.join(' ');
    expect(message).toContain(FIELD);
    expect(message).not.toContain('panel:');
  });

  it("the report data answer, the R chart, the PDF and the public page say it, and carry no 'panel:'", async () => {
    const res = await admin.fetch(`${API}/data/1/nl/report/${copyId}`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect((JSON.parse(raw) as { data: { weighting: { label: string } } }).data.weighting.label).toBe(LABEL);
    expect(raw).not.toContain('panel:');

    const section = await body<{ id: number }>(await admin.fetch(`${API}/report/${copyId}/section`, { method: 'POST', json: { title: 'Analyses' } }));
    const chart = await body<{ id: number }>(await admin.fetch(`${API}/chart`, { method: 'POST', json: { section_id: section.id, chart_type_id: 16, title: 'R', options: { rchart: { analysis: 'crosstab', survey_id: surveyId, question: 'tevredengemeente', by: 'leeftijd' } } } }));
    const r = await admin.fetch(`${API}/data/1/nl/report/${copyId}/section/${section.id}/rchart/${chart.id}`, { method: 'POST', json: { benchmarks: [{}] } });
    expect(r.status).toBe(200);
    const rText = await r.text();
    expect((JSON.parse(rText) as { data: { weighting: { label: string } } }).data.weighting.label).toBe(LABEL);
    expect(rText).not.toContain('panel:');

    const pdf = await admin.fetch(`${API}/report/${copyId}/export`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(LABEL);
    expect(flat).not.toContain('panel:');

    const view = await loadPublicView({ db: t.db }, copyId, readPublicQuery(new URLSearchParams()));
    expect(view.weighting).toBe(LABEL);
    expect(JSON.stringify(view)).toContain(`${LABEL}.`);
    expect(JSON.stringify(view)).not.toContain('panel:');
  });

  it('renaming the panel field refreshes the cached staff answer at once; renaming an option raises the data generation too', async () => {
    const generation = async () => (await t.db.select({ n: dataGenerations.n }).from(dataGenerations).where(eq(dataGenerations.name, REPORT_INPUTS)))[0]!.n;
    const label = async () => {
      const res = await admin.fetch(`${API}/data/1/nl/report/${copyId}`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
      expect(res.status).toBe(200);
      return (await body<{ weighting: { label: string } }>(res)).weighting.label;
    };
    expect(await label()).toBe(LABEL);
    expect(await label()).toBe(LABEL); // from the isolate's answer cache
    const [field] = await t.db.select({ panelId: panelFields.panelId }).from(panelFields).where(eq(panelFields.id, fieldId));
    const before = await generation();
    expect((await admin.fetch(`${API}/panel/${field!.panelId}/field/${fieldId}`, { method: 'PUT', json: { name: 'Leeftijdscategorie volgens het panel' } })).status).toBe(200);
    expect(await generation()).toBeGreaterThan(before);
    expect(await label()).toBe('Gewogen naar leeftijdscategorie volgens het panel');
    [renamedOption] = await t.db.select({ id: panelFieldOptions.id, label: panelFieldOptions.label }).from(panelFieldOptions).where(eq(panelFieldOptions.panelFieldId, fieldId)).limit(1);
    const beforeOption = await generation();
    expect((await admin.fetch(`${API}/panel/${field!.panelId}/field/${fieldId}/option/${renamedOption!.id}`, { method: 'PUT', json: { label: `${renamedOption!.label} (hernoemd)` } })).status).toBe(200);
    expect(await generation()).toBeGreaterThan(beforeOption);
  });
});

describe("'Gewogen naar …' exactly under the charts whose numbers were weighted (a report of two surveys)", { timeout: 120_000 }, () => {
  const LABEL = 'Gewogen naar leeftijdsgroep, geslacht en wijk';
  const WEIGHTED = 'Tevredenheid Zuiderhaven';
  const OTHER = 'Tevredenheid Oostwijk';
  const BAR = CHART_TYPES.find((c) => c.key === 'bar')!.id;
  let otherSurvey = 0;
  let schemeId = 0;
  let reportId = 0;
  const charts: Record<string, number> = {};
  type Answer = { weighting: { label: string } | null; dataLocations: { chartId: number; surveyId: number; weighted: boolean; benchmarks: { stats?: { effectiveN?: number } }[] }[]; ai?: { text: string } };
  const data = async (path = '', extra: Record<string, unknown> = {}) => {
    const res = await admin.fetch(`${API}/data/1/nl/report/${reportId}${path}`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }], ...extra } });
    expect(res.status).toBe(200);
    return body<Answer>(res);
  };

  beforeAll(async () => {
    // A second burgerpeiling in the same project (Oostwijk), with responses of its own: the scheme is of the first.
    const form = new FormData();
    form.set('file', new File([burgerpeilingLss().replace(/Burgerpeiling Zuiderhaven/g, 'Burgerpeiling Oostwijk')], 'oostwijk.lss'));
    form.set('project_id', '1');
    form.set('confirm_duplicate', '1');
    const imported = await admin.fetch(`${API}/survey/import`, { method: 'POST', body: form });
    expect(imported.status).toBe(201);
    otherSurvey = (await body<{ id: number }>(imported)).id;
    const upload = new FormData();
    upload.set('file', new File([burgerpeilingCsv(300, new Date())], 'oostwijk.csv'));
    expect((await admin.fetch(`${API}/survey/${otherSurvey}/response`, { method: 'POST', body: upload })).status).toBe(202);
    const created = await post(admin, scheme({ name: 'Twee onderzoeken' }));
    expect(created.status).toBe(201);
    schemeId = (await body<Dto>(created)).id;
    const report = await admin.fetch(`${API}/report`, { method: 'POST', json: { project_id: 1, title: 'Twee onderzoeken' } });
    reportId = (await body<{ id: number }>(report)).id;
    expect((await admin.fetch(`${API}/report/${reportId}`, { method: 'PUT', json: { status_id: 3, direct_access: true, pdf_export: true, weighting_id: schemeId } })).status).toBe(200);
    const section = await body<{ id: number }>(await admin.fetch(`${API}/report/${reportId}/section`, { method: 'POST', json: { title: 'Tevredenheid' } }));
    for (const [title, survey] of [[WEIGHTED, surveyId], [OTHER, otherSurvey]] as const) {
      charts[title] = (await body<{ id: number }>(await admin.fetch(`${API}/chart`, { method: 'POST', json: { section_id: section.id, chart_type_id: BAR, title } }))).id;
      expect((await admin.fetch(`${API}/dataLocation`, { method: 'POST', json: { chart_id: charts[title], survey_id: survey, column_key: 'tevredengemeente', label: title } })).status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    if (reportId) await admin.fetch(`${API}/report/${reportId}`, { method: 'DELETE' });
    if (schemeId) await admin.fetch(`${API}/survey/${surveyId}/weighting/${schemeId}`, { method: 'DELETE' });
  });

  it("the data answer marks each data location; a chart of the other survey's answer says nothing about weighting", async () => {
    const all = await data();
    expect(all.weighting?.label).toBe(LABEL);
    const of = (title: string) => all.dataLocations.find((d) => d.chartId === charts[title])!;
    expect(of(WEIGHTED)).toMatchObject({ surveyId, weighted: true });
    expect(typeof of(WEIGHTED).benchmarks[0]!.stats!.effectiveN).toBe('number');
    expect(of(OTHER)).toMatchObject({ surveyId: otherSurvey, weighted: false });
    expect(of(OTHER).benchmarks[0]!.stats!.effectiveN).toBeUndefined();
    const weighted = await data(`/chart/${charts[WEIGHTED]}`);
    expect(weighted.weighting?.label).toBe(LABEL);
    expect(weighted.dataLocations.every((d) => d.weighted)).toBe(true);
    const other = await data(`/chart/${charts[OTHER]}`);
    expect(other.weighting).toBeNull();
    expect(other.dataLocations.every((d) => !d.weighted)).toBe(true);
    // The assistant (built-in analyst without a model binding) names the weighted question only.
    const ai = await data('', { askAi: true });
    expect(ai.ai!.text).toContain(`${LABEL}: alleen de cijfers van '${WEIGHTED}' zijn gewogen, de andere niet.`);
  });

  it('the public page and the PDF say it under the weighted chart only; their report line says partly', async () => {
    const view = await loadPublicView({ db: t.db }, reportId, readPublicQuery(new URLSearchParams()));
    expect(view.weighting).toBe("Deels gewogen: alleen de grafieken waaronder ‘Gewogen naar …’ staat (weging ‘Twee onderzoeken’)");
    const drawn = view.sections.flatMap((s) => s.charts);
    const svg = (title: string) => drawn.find((c) => c.title === title)!;
    expect(svg(WEIGHTED).svg).toContain(`${LABEL}.`);
    expect(svg(WEIGHTED).svgNarrow).toContain(`${LABEL}.`);
    expect(svg(OTHER).svg).not.toContain('Gewogen');
    expect(svg(OTHER).svgNarrow).not.toContain('Gewogen');

    const pdf = await admin.fetch(`${API}/report/${reportId}/export`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Deels gewogen: alleen de grafieken waaronder ‘Gewogen naar …’ staat');
    // Once, between the weighted chart's title and the other chart's.
    expect(flat.split(LABEL).length - 1).toBe(1);
    const at = flat.indexOf(LABEL);
    expect(at).toBeGreaterThan(flat.lastIndexOf(WEIGHTED));
    expect(at).toBeLessThan(flat.lastIndexOf(OTHER));
  });
});
