import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { createTestApp } from '../helpers/test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
const prompts: string[] = [];
const withModel = createTestApp(() => ({ AI: { run: async (_m: string, body: { messages: { content: string }[] }) => (prompts.push(body.messages[1]!.content), { response: 'Antwoord van het model' }) } }));
afterAll(() => {
  t.close();
  withModel.close();
});
const API = '/portal/api/v2';
let admin: HttpSession;

interface Option { code: string; count: number; percentage: number | null }
interface Cell { label: string; suppressed: boolean; stats?: { options: Option[] } }
interface Answer { dataLocations: { columnKey: string; benchmarks: Cell[] }[]; ai?: { text: string; source: string } }

const ask = async (s: HttpSession, body: unknown) => {
  const res = await s.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
};
const pct = (v: number) => `${v.toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

beforeAll(async () => {
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
}, 30_000);

describe('AI assistant on the data call', { timeout: 60_000 }, () => {
  it('adds no ai without askAi, and a built-in narrative naming a real difference with askAi', async () => {
    const body = { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] };
    expect((await ask(admin, body)).ai).toBeUndefined();
    const data = await ask(admin, { ...body, askAi: true });
    expect(data.ai!.source).toBe('ingebouwde analist');
    const line = data.ai!.text.split('\n').find((l) => l.includes('tegenover'))!;
    const [, a, b] = line.match(/Alle ([\d.,]+%) tegenover Jong ([\d.,]+%)/)!;
    // Both figures are real percentages of the answer, and they differ.
    const all = data.dataLocations.flatMap((d) => d.benchmarks[0]!.stats?.options.map((o) => (o.percentage === null ? '' : pct(o.percentage))) ?? []);
    const young = data.dataLocations.flatMap((d) => d.benchmarks[1]!.stats?.options.map((o) => (o.percentage === null ? '' : pct(o.percentage))) ?? []);
    expect(all).toContain(a);
    expect(young).toContain(b);
    expect(a).not.toBe(b);
    expect(line).toMatch(/foutmarge ±[\d,]+ procentpunt/);
  });

  it('never mentions a number of a suppressed group', async () => {
    const surveyId = await demoSurveyId(t.db);
    const { rows } = await t.client.execute({
      sql: `select json_extract(answers, '$.jarenwonen') as v, count(*) as n from survey_responses where survey_id = ? and coalesce(json_extract(answers, '$.jarenwonen'), '') <> '' group by v having n between 1 and 9 limit 1`,
      args: [surveyId],
    });
    const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;
    const cat = await json<{ id: number }>(await admin.fetch(`${API}/project/1/survey/${surveyId}/filterCategory`, { method: 'POST', json: { title: 'Woonduur' } }));
    const few = await json<{ id: number }>(await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption`, { method: 'POST', json: { label: 'Zeldzaam' } }));
    await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption/${few.id}/filterCondition`, { method: 'POST', json: { column_key: 'jarenwonen', comparator: 'equal', value: Number(rows[0]!.v) } });
    expect((await admin.fetch(`${API}/report/1/filterCategory/${cat.id}`, { method: 'POST', json: {} })).status).toBe(201);
    const data = await ask(admin, { benchmarks: [{ label: 'Alle' }, { label: 'Zeldzaam', filterOptions: [few.id] }], askAi: true, topic: 'tevredenheid' });
    expect(data.dataLocations.every((d) => d.benchmarks[1]!.suppressed)).toBe(true);
    const text = data.ai!.text;
    expect(text).toMatch(/Voor Zeldzaam zijn bij \d+ vragen te weinig respondenten/);
    expect(text).not.toMatch(/Zeldzaam \d|\(Zeldzaam\)|tegenover Zeldzaam/);
    expect(text).toContain("Gericht op: 'tevredenheid'");
  });

  it('sends only aggregates to Workers AI when the binding exists', async () => {
    const s = withModel.session();
    await loginAs(s, 'beheerder@demo.impulz.nl');
    const res = await s.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }], askAi: true, aiInput: 'Wat valt op?' } });
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Answer }).data;
    expect(data.ai).toEqual({ text: 'Antwoord van het model', source: 'workers-ai' });
    expect(prompts[0]).toContain('Vraag van de gebruiker: Wat valt op?');
    expect(prompts[0]).toMatch(/Alle \(n=\d+, foutmarge ±/);
    expect(prompts[0]).not.toMatch(/"answers"|token|@/);
  });

  it("answers 'verbeterpunten' (three phrasings) about the questions whose texts match, with their released numbers and no unrelated extremes", async () => {
    const benchmarks = [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }];
    const plain = await ask(admin, { benchmarks });
    // The most mentioned problem, as the engine released it for 'Alle'.
    const problems = plain.dataLocations.find((d) => d.columnKey === 'problemen')!;
    const stats = problems.benchmarks[0]!.stats!;
    const top = stats.options.reduce((a, b) => ((b.percentage ?? -1) > (a.percentage ?? -1) ? b : a));
    for (const question of ['Wat zijn de drie belangrijkste verbeterpunten?', 'Welke problemen spelen er in de buurt?', 'Waar zijn inwoners het minst tevreden over?']) {
      const { ai } = await ask(admin, { benchmarks, askAi: true, aiInput: question });
      expect(ai!.source).toBe('ingebouwde analist');
      const text = ai!.text;
      expect(text, question).toContain('**Mogelijke verbeterpunten**');
      expect(text, question).toContain(`genoemd door ${pct(top.percentage!)} (Alle)`);
      // An improvement point only where the difference is significant, and each line says so (the
      // demo's scale items lie within each other's margins, so none of them is one).
      const points = text.slice(text.indexOf('**Mogelijke verbeterpunten**'), text.indexOf('**Significante verschillen')).split('\n').filter((l) => l.startsWith('- '));
      expect(points.length, question).toBeGreaterThan(0);
      for (const line of points) expect(line, question).toMatch(/significant (lager|vaker)/);
      // Differences between the benchmarks come with their significance.
      // Differences between the benchmarks only when significant, and they say so.
      expect(text, question).toMatch(/tegenover Jong [\d,]+% \(verschil [\d,]+ procentpunt, foutmarge ±[\d,]+ procentpunt\)\. Dit verschil is significant: groter dan de foutmarge \(95% betrouwbaarheid\)|Geen van de verschillen tussen de benchmarks is significant/);
      expect(text, question).not.toContain('binnen de foutmarge en is dus niet met zekerheid');
      // Contact channels have nothing to do with it: not named, not as a highest or lowest score.
      expect(text, question).not.toMatch(/contact|balie|website|sociale media|geslacht|leeftijd/i);
      // Every listed fact is about a question the text matched.
      for (const line of text.split('\n').filter((l) => l.startsWith('- '))) expect(line, question).toMatch(/tevreden|problemen|rapportcijfer/i);
    }
  });

  it('names benchmarks without a label after their filters in the answer and the assistant, never a letter (issue 35 item 3)', async () => {
    const { rows } = await t.client.execute(`select o.id, o.label from filter_options o where o.label in ('18 t/m 34 jaar', 'Noord', 'Vrouw') order by o.id`);
    const id = (label: string) => Number(rows.find((r) => r.label === label)!.id);
    const data = (await ask(admin, { benchmarks: [{}, { filterOptions: [id('18 t/m 34 jaar')] }, { label: '', filterOptions: [id('Vrouw'), id('Noord')] }], askAi: true })) as Answer & { benchmarks: { label: string }[] };
    const names = ['Alle respondenten', '18 t/m 34 jaar', 'Noord + Vrouw'];
    expect(data.benchmarks.map((b) => b.label)).toEqual(names);
    // Every chart's cells carry the same names: the legends, tables and CSV read them.
    for (const d of data.dataLocations) expect(d.benchmarks.map((c) => c.label)).toEqual(names);
    expect(data.ai!.text).toContain('voor de benchmarks Alle respondenten, 18 t/m 34 jaar en Noord + Vrouw');
    expect(data.ai!.text).not.toMatch(/\([A-C]\)|\b[A-C] [\d,]+%|tegenover [A-C]\b/);
  });

  it('refuses an over-long question with a Dutch 422', async () => {
    const res = await admin.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{}], askAi: true, aiInput: 'x'.repeat(2001) } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.aiInput).toEqual(['Uw vraag aan de assistent mag maximaal 2000 tekens lang zijn']);
  });
});
