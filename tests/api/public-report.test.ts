import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterConditions, filterOptions, panelFields, panels, reports, surveyPanels } from '../../src/server/db/schema';
import { AppError } from '../../src/server/errors';
import { loadColumnTexts } from '../../src/server/services/report-data/column-texts';
import { loadPublicView } from '../../src/server/services/report-data/load-public-view';
import { publicReportVersion } from '../../src/server/services/report-data/public-report';
import { readPublicQuery } from '../../src/server/services/report-data/public-query';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const PUBLIC = '/portal/api/v2/public/data/1/nl/report';
let anon: HttpSession;
let smallDay = '';
let smallDayCount = 0;

interface Cell { label: string; suppressed: boolean; reason?: string; stats?: { groupSize: number; options: { code: string; count: number }[] } }
interface Location { id: number; chartId: number; columnKey: string; codes: string[]; labels: string[]; question: string; subquestion: string | null; benchmarks: Cell[] }
interface Answer { minN: number; dataLocations: Location[] }

const post = (path: string, body: unknown, s = anon) => s.fetch(`${PUBLIC}${path}`, { method: 'POST', json: body });
const setDirectAccess = (on: boolean) => t.db.update(reports).set({ directAccess: on }).where(eq(reports.id, 1));
/** Date choice of report 1 (seeded without date filter): `day` is the explicit opt-in for single days. */
const setDates = (dateFilter: boolean, dateGranularity: 'day' | 'month' = 'month') => t.db.update(reports).set({ dateFilter, dateGranularity }).where(eq(reports.id, 1));

beforeAll(async () => {
  const surveyId = await demoSurveyId(t.db);
  anon = t.session();
  await anon.csrf();
  // A day inside report 1's dates with a few respondents only (1 … min_n − 1): its group is suppressed.
  const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
  const { rows } = await t.client.execute({
    sql: `select substr(submit_date, 1, 10) as d, count(*) as n from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' group by d having d between ? and ? and n between 1 and 9 order by d limit 1`,
    args: [surveyId, r!.start!, r!.end],
  });
  smallDay = String(rows[0]!.d);
  smallDayCount = Number(rows[0]!.n);
}, 30_000);

describe('public report data', { timeout: 60_000 }, () => {
  it('is 404 while the report has no direct access, also for a logged-in visitor of another company', async () => {
    await setDirectAccess(false);
    const res = await post('/1', { benchmarks: [{}] });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/Zuiderhaven|tevredengemeente/);
    expect((await post('/1/chart/1', { benchmarks: [{}] })).status).toBe(404);
    await expect(loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers without a session once direct access is on, with question texts and option labels', async () => {
    await setDirectAccess(true);
    const res = await post('/1', { benchmarks: [{ label: 'Alle' }] });
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Answer }).data;
    expect(data.minN).toBe(10);
    expect(data.dataLocations.length).toBeGreaterThan(5);
    const buurt = data.dataLocations.find((d) => d.columnKey === 'buurt_SQ001')!;
    expect(buurt.question).toMatch(/^Hoe tevreden bent u over deze punten in uw buurt/);
    expect(buurt.subquestion).toBe('Schoonhouden van straten');
    expect(buurt.labels).toHaveLength(buurt.codes.length);
    const problemen = data.dataLocations.find((d) => d.columnKey === 'problemen')!;
    expect(problemen.labels.slice(0, 2)).toEqual(['Zwerfafval', 'Hondenpoep']);
    const tevreden = data.dataLocations.find((d) => d.columnKey === 'tevredengemeente')!;
    expect(tevreden.labels.every((l, i) => l !== tevreden.codes[i])).toBe(true);
  });

  it('refuses other dates than the report period while the report has no date filter (Dutch 422)', async () => {
    const res = await post('/1', { benchmarks: [{ label: 'Alle' }, { label: 'Dag', start: smallDay, end: smallDay }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Deze rapportage heeft geen datumfilter/);
    const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
    expect((await post('/1', { benchmarks: [{ label: 'Alle', start: r!.start, end: r!.end }] })).status).toBe(200);
  });

  it('never returns numbers of a group below min_n', async () => {
    expect(smallDayCount).toBeGreaterThan(0);
    await setDates(true, 'day');
    const res = await post('/1', { benchmarks: [{ label: 'Alle' }, { label: 'Dag', start: smallDay, end: smallDay }] });
    await setDates(false);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Answer }).data;
    for (const loc of data.dataLocations) {
      const day = loc.benchmarks[1]!;
      expect(day.suppressed).toBe(true);
      expect(day.reason).toBe('group_below_min_n');
      const { buckets, ...rest } = day as typeof day & { buckets?: Record<string, unknown>[] };
      expect(Object.keys(rest).sort()).toEqual(['label', 'reason', 'suppressed']);
      // A trend chart's periods of that group carry no numbers either.
      for (const b of buckets ?? []) expect(Object.keys(b).sort()).toEqual(['endDay', 'period', 'reason', 'startDay', 'suppressed']);
    }
    expect(data.dataLocations.some((d) => (d.benchmarks[0] as { buckets?: unknown[] }).buckets?.length)).toBe(true);
  });

  it('answers one chart of the report; charts of other reports and unknown charts are 404', async () => {
    const res = await post('/1/chart/1', { benchmarks: [{}] });
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Answer }).data;
    expect(new Set(data.dataLocations.map((d) => d.chartId))).toEqual(new Set([1]));
    expect((await post('/1/chart/999999', { benchmarks: [{}] })).status).toBe(404);
    expect((await post('/999999', { benchmarks: [{}] })).status).toBe(404);
  });

  it('validates the body in Dutch and requires the CSRF token for the POST', async () => {
    const empty = await post('/1', { benchmarks: [] });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: Record<string, string[]> }).errors.benchmarks).toEqual(['Minimaal 1 benchmark']);
    const bare = await post('/1', { benchmarks: [{}] }, t.session());
    expect(bare.status).toBe(419);
  });
});

describe('column texts of the data answer', () => {
  it('labels fixed codes in Dutch, keeps free texts as typed and names subquestion rows', async () => {
    const { texts } = await loadColumnTexts(t.db, await demoSurveyId(t.db), 'nl');
    expect(texts.get('contact')!.labels.get('Y')).toBe('Ja');
    expect(texts.get('contact')!.labels.get('N')).toBe('Nee');
    expect(texts.get('verbeterpunt')!.labels.get('N')).toBeUndefined();
    expect(texts.get('verbeterpunt')!.labels.get('__other__')).toBe('Overig');
    expect(texts.get('veilig_avond')).toMatchObject({ question: 'Hoe vaak voelt u zich onveilig in uw buurt?', subquestion: "'s Avonds" });
    expect(texts.get('veilig_avond')!.labels.get('3')).toBe('Vaak');
    expect(texts.get('problemen_other')?.subquestion).toBe('Overig');
  });
});

describe('public report page model', { timeout: 60_000 }, () => {
  it('the demo has a second public report on the burgerpeiling in cell-key mode with months to choose (report 4)', async () => {
    const view = await loadPublicView({ db: t.db }, 4, readPublicQuery(new URLSearchParams()));
    expect(view.report.title).toBe('Burgerpeiling Zuiderhaven 2026 – licht afgerond');
    expect(view.protection).toBe('cellkey');
    expect(view.dates).toMatchObject({ filter: true, granularity: 'month' });
    expect(view.sections.map((s) => s.title).slice(0, 2)).toEqual(['Wonen in de buurt', 'Gemeente en dienstverlening']);
    expect(view.compare.length).toBeGreaterThan(0);
    const res = await post('/4', { benchmarks: [{ label: 'Alle' }] });
    expect(res.status).toBe(200);
    const data = (await res.json()) as { data: { protection: string; minN: number; dataLocations: { benchmarks: { suppressed: boolean; stats?: { groupSize: number; options: { count: number }[] } }[] }[] } };
    expect(data.data.protection).toBe('cellkey');
    for (const b of data.data.dataLocations.flatMap((d) => d.benchmarks)) {
      if (b.suppressed) continue;
      for (const n of [b.stats!.groupSize, ...b.stats!.options.map((o) => o.count)]) expect(n === 0 || n >= data.data.minN).toBe(true);
    }
    // Honest labelling (item 7): no count on the page reads as exact — every n or count in the
    // charts ('Contactkanalen' shows percentage and count) and a response counter say 'ca.'; the
    // exact report 1 says it nowhere.
    const counter = view.sections.flatMap((s) => s.widgets).find((w) => w.key === 'response-counter');
    if (counter) expect(counter.lines[0]!.text).toMatch(/^Alle respondenten: ca\. \d{1,3}(\.\d{3})*$/);
    const svgs = view.sections.flatMap((s) => s.charts).map((c) => c.svg);
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) expect(svg).not.toMatch(/n ?= ?\d/);
    expect(svgs.some((svg) => svg.includes('ca. '))).toBe(true);
    const exact = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()));
    expect(exact.sections.flatMap((s) => s.charts).some((c) => c.svg.includes('ca. '))).toBe(false);
  });

  it('renders every section with SVG charts and the report texts', async () => {
    await setDirectAccess(true);
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()));
    expect(view.report.title).toBe('Burgerpeiling Zuiderhaven 2026');
    expect(view.sections.map((s) => s.title).slice(0, 2)).toEqual(['Wonen in de buurt', 'Gemeente en dienstverlening']);
    const charts = view.sections.flatMap((s) => s.charts);
    expect(charts.length).toBeGreaterThanOrEqual(6);
    for (const c of charts) {
      expect(c.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(c.svg).toContain(`<title id="chart-${c.id}-t">`);
    }
    expect(view.benchmarks[0]!.label).toBe('Alle respondenten');
    // Widgets of the seed: a response counter in section 1, a contact block in section 2.
    const counter = view.sections[0]!.widgets.find((w) => w.key === 'response-counter')!;
    expect(counter.lines[0]!.text).toMatch(/^Alle respondenten: \d{1,3}(\.\d{3})*$/);
    const contact = view.sections[1]!.widgets.find((w) => w.key === 'contact')!;
    expect(contact.lines.find((l) => l.href?.startsWith('mailto:'))?.text).toBe('onderzoek@zuiderhaven.demo.impulz.nl');
    // The trend chart gets its own granularity (months) in the same page.
    const trend = charts.find((c) => c.title === 'Tevredenheid door de tijd')!;
    expect(trend.svg).toMatch(/>(jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec) 20\d\d</);
    expect(charts.find((c) => c.title === 'Tevredenheid over de dienstverlening')!.svg).not.toMatch(/>(jan|feb) 20\d\d</);
    expect(view.compare.length).toBeGreaterThan(0);
  });

  it('a renamed comparison option, a changed condition and a renamed panel field are a new version (never the old page)', async () => {
    await setDirectAccess(true);
    const query = readPublicQuery(new URLSearchParams());
    const before = await loadPublicView({ db: t.db }, 1, query);
    const option = before.compare[0]!.options[0]!;
    const [report] = await t.db.select().from(reports).where(eq(reports.id, 1));
    const version = () => publicReportVersion(t.db, report!);
    const v0 = await version();
    await t.db.update(filterOptions).set({ label: `${option.label} (nieuw)` }).where(eq(filterOptions.id, option.id));
    const after = await loadPublicView({ db: t.db }, 1, query);
    expect(after.compare.flatMap((c) => c.options).find((o) => o.id === option.id)!.label).toBe(`${option.label} (nieuw)`);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    const [condition] = await t.db.select().from(filterConditions).where(eq(filterConditions.optionId, option.id)).limit(1);
    await t.db.update(filterConditions).set({ order: condition!.order + 1 }).where(eq(filterConditions.id, condition!.id));
    const v2 = await version();
    expect(v2).not.toBe(v1);
    // A panel fielded with the report's survey: renaming one of its fields is a new version too.
    const surveyId = await demoSurveyId(t.db);
    const [panel] = await t.db.insert(panels).values({ companyId: 1, name: 'Versiepanel', tokenHash: 'versiepanel-public-report-test' }).returning();
    await t.db.insert(surveyPanels).values({ surveyId, panelId: panel!.id });
    // Made a minute ago, so the rename below is a later change.
    const [field] = await t.db.insert(panelFields).values({ panelId: panel!.id, name: 'Woonvorm', typeId: 1, updatedAt: new Date(Date.now() - 60_000) }).returning();
    const v3 = await version();
    expect(v3).not.toBe(v2);
    await t.db.update(panelFields).set({ name: 'Woonsituatie' }).where(eq(panelFields.id, field!.id));
    expect(await version()).not.toBe(v3);
    await t.db.delete(panels).where(eq(panels.id, panel!.id));
    await t.db.update(filterOptions).set({ label: option.label }).where(eq(filterOptions.id, option.id));
    await t.db.update(filterConditions).set({ order: condition!.order }).where(eq(filterConditions.id, condition!.id));
  });

  it('a comparison group below min_n shows the Dutch text and no numbers', async () => {
    const params = new URLSearchParams({ van: smallDay, tot: smallDay });
    // Without the date filter the page ignores the period in the URL.
    const fixed = await loadPublicView({ db: t.db }, 1, readPublicQuery(params));
    expect(fixed.dates.filter).toBe(false);
    const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
    expect([fixed.benchmarks[0]!.start, fixed.benchmarks[0]!.end]).toEqual([r!.start, r!.end]);
    await setDates(true, 'day');
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(params));
    await setDates(false);
    const svgs = view.sections.flatMap((s) => s.charts.map((c) => c.svg)).join('\n');
    expect(svgs).toContain('Te weinig respondenten (minder dan 10)');
    expect(view.sections[0]!.widgets.find((w) => w.key === 'response-counter')!.lines[0]!.text).toBe('Alle respondenten: Te weinig respondenten (minder dan 10)');
    // No percentage, count or mean appears: the only numbers left are min_n and the 1–5 answer labels of a matrix question.
    // (Period labels of the trend chart, e.g. 'mrt 2026', carry a year.)
    const visible = svgs.replace(/<[^>]+>/g, ' ').replace(/\b(jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec) 20\d\d\b/g, ' ');
    expect(visible).not.toContain('%');
    expect(new Set(visible.match(/\d+([.,]\d+)?/g) ?? [])).toEqual(new Set(['1', '2', '3', '4', '5', '10']));
  });

  it('lets the caller throttle a computation (an edge-cache miss)', async () => {
    let calls = 0;
    const refuse = async () => {
      calls++;
      throw new AppError('THROTTLED', 'te veel');
    };
    await expect(loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()), { beforeCompute: refuse })).rejects.toMatchObject({ code: 'THROTTLED' });
    expect(calls).toBe(1);
  });

  it('computes concurrent misses of one view once; a refused first computation leaves the others to compute', async () => {
    // A new version (title edit) makes every visitor miss at once.
    await t.db.update(reports).set({ title: 'Gelijktijdig' }).where(eq(reports.id, 1));
    let computed = 0;
    const count = async () => void computed++;
    const views = await Promise.all(Array.from({ length: 5 }, () => loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()), { beforeCompute: count })));
    expect(computed).toBe(1);
    expect(new Set(views.map((v) => JSON.stringify(v.sections)))).toHaveProperty('size', 1);
    expect(views.every((v) => v.report.title === 'Gelijktijdig')).toBe(true);

    await t.db.update(reports).set({ title: 'Na weigering' }).where(eq(reports.id, 1));
    let calls = 0;
    const refuseFirst = async () => {
      if (calls++ === 0) throw new AppError('THROTTLED', 'te veel');
    };
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()), { beforeCompute: refuseFirst })));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('ignores malformed query values and unknown filter options', () => {
    expect(readPublicQuery(new URLSearchParams('van=gisteren&tot=2026-02-30&vergelijk=abc'))).toEqual({ van: null, tot: null, vergelijk: [] });
    expect(readPublicQuery(new URLSearchParams('van=2026-01-01&vergelijk=12'))).toEqual({ van: '2026-01-01', tot: null, vergelijk: [12] });
    // Repeated: in order, once each; the empty 'Niet vergelijken' choice is left out.
    expect(readPublicQuery(new URLSearchParams('vergelijk=&vergelijk=7&vergelijk=3&vergelijk=7')).vergelijk).toEqual([7, 3]);
  });

  it('compares with as many groups as the report allows beside all respondents (benchmark_count), unknown options left out', async () => {
    await setDirectAccess(true);
    const [count] = await t.db.select({ n: reports.benchmarkCount }).from(reports).where(eq(reports.id, 1));
    const first = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()));
    const options = first.compare.flatMap((c) => c.options);
    const ids = [options[0]!.id, 999_999, options[1]!.id, options[2]!.id];
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams(ids.map((id) => ['vergelijk', String(id)]))));
    expect(count!.n).toBe(3);
    expect(view.benchmarks.map((b) => b.label)).toEqual(['Alle respondenten', options[0]!.label, options[1]!.label]);
    expect(view.report.benchmarkCount).toBe(3);
  });
});
