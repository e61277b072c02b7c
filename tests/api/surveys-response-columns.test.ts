import { readdirSync, readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, surveyResponses, surveys } from '../../src/server/db/schema';
import { limeSurveyFieldMap, oneRowCsv, oneRowVv } from '../helpers/limesurvey-fieldmap';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());
beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
});

type Job = { id: number; status: string; error?: string; result?: Record<string, unknown> & { rejectedRows: { reason: string; column?: string }[] } };

async function post(path: string, content: string | Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new File([content as BlobPart], name));
  // The same fixture is imported many times here: confirm the identical-structure question.
  if (path.endsWith('/survey/import')) form.set('confirm_duplicate', '1');
  return staff.fetch(path, { method: 'POST', body: form });
}
async function importLss(xml: string, name: string) {
  const res = await post('/portal/api/v2/survey/import', xml, name);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
async function finishedJob(res: Response): Promise<Job> {
  const body = (await res.json()) as { data: Job; message?: string };
  expect(res.status, body.message).toBe(202);
  return ((await (await staff.get(`/portal/api/v2/job/${body.data.id}`)).json()) as { data: Job }).data;
}
async function answersOf(surveyId: number, responseId: number) {
  const [row] = await t.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)).then((rows) => rows.filter((r) => r.responseId === responseId));
  return JSON.parse(row!.answers) as Record<string, string>;
}

describe("every response column kind of LimeSurvey's field map, per fixture", () => {
  const files = readdirSync(LIMESURVEY_FIXTURES).filter((f) => f.endsWith('.lss'));
  for (const name of files) {
    it(`${name}: one-row CSV (code, SGQA, ExpressionScript headings) and VV (v1, v2) files import`, async () => {
      const xml = readFileSync(LIMESURVEY_FIXTURES + name, 'utf8');
      const map = limeSurveyFieldMap(xml);
      expect(map.fields.length).toBeGreaterThan(0);
      const variants: [string, string][] = [
        ['csv-heading.csv', oneRowCsv(map, 'heading')],
        ['csv-sgqa.csv', oneRowCsv(map, 'sgqa')],
        ['csv-em.csv', oneRowCsv(map, 'em')],
        ['vv1.txt', oneRowVv(map, 1)],
        ['vv2.txt', oneRowVv(map, 2)],
      ];
      for (const [file, content] of variants) {
        // A fresh survey per file, so each one's row is new and its stored answers are its own.
        const id = await importLss(xml, name);
        const job = await finishedJob(await post(`/portal/api/v2/survey/${id}/response`, content, file));
        expect(job.status, `${file}: ${job.error}`).toBe('done');
        expect(job.result, file).toMatchObject({ rows: 1, accepted: 1, inserted: 1, rejected: 0 });
        const stored = await answersOf(id, 7);
        // Text displays (X) are skipped; every other field keeps its value, equations (*) included.
        const kept = map.fields.filter((f) => f.type !== 'X');
        expect(Object.keys(stored).length, file).toBe(kept.length);
        for (const f of map.fields.filter((x) => x.type === '*')) expect(stored[f.em], `${file} ${f.em}`).toBe('42');
        for (const f of map.fields.filter((x) => x.type === 'X')) expect(stored).not.toHaveProperty(f.em);
        expect(Object.values(stored).sort(), file).toEqual(kept.map((f) => f.value).sort());
      }
    }, 60_000);
  }

  it("a VV file's error names the unknown code from line 2, and nothing is stored", async () => {
    const xml = readFileSync(LIMESURVEY_FIXTURES + 'ls205_sample_survey_english.lss', 'utf8');
    const id = await importLss(xml, 'ls205.lss');
    const vv = oneRowVv(limeSurveyFieldMap(xml), 2).split('\n');
    vv[0] += '\tEen vraag die er niet is';
    vv[1] += '\tNOPE_SQ001';
    vv[2] += '\tx';
    const jobsBefore = (await t.db.select({ n: count() }).from(jobs))[0]!.n;
    const res = await post(`/portal/api/v2/survey/${id}/response`, vv.join('\n'), 'vv.txt');
    expect(res.status).toBe(422);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe('Het responsbestand bevat een kolom die niet bij deze enquête hoort: NOPE_SQ001.');
    expect((await t.db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore);
    expect((await t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, id)))[0]!.n).toBe(0);
  });

  it('accepts the real .lsr as a response file; a structure file or a broken .lsr is refused with nothing stored', async () => {
    const id = await importLss(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8'), 'colors.lss');
    const lsr = readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8');
    const rows = lsr.match(/<row>/g)!.length;
    const job = await finishedJob(await post(`/portal/api/v2/survey/${id}/response`, lsr, 'survey_841748_responses.lsr'));
    expect(job.result).toMatchObject({ format: 'lsr', rows, accepted: rows, inserted: rows, rejected: 0 });
    const first = await answersOf(id, 1);
    // <x/> is '' (shown, not ticked); an absent element is NULL (no key).
    expect(first).toMatchObject({ Q00_SQ009: 'Y', Q00_SQ001: '' });
    expect(Object.values(first)).toContain('I am a fan of heavy metal music');
    const lss = await post(`/portal/api/v2/survey/${id}/response`, readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8'), 'colors.lss');
    expect(lss.status).toBe(422);
    expect(((await lss.json()) as { message: string }).message).toContain("LimeSurveyDocType is 'Survey'");
    const foreign = await post(`/portal/api/v2/survey/${id}/response`, lsr.replace(/841748X3X3SQ001/g, '999X9X9SQ001'), 'x.lsr');
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { message: string }).message).toContain('999X9X9SQ001');
    expect((await t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, id)))[0]!.n).toBe(rows);
  });

  it('imports a structure without <groups> and <questions> as an empty survey with an accurate message', async () => {
    const before = (await t.db.select({ n: count() }).from(surveys))[0]!.n;
    const xml = '<?xml version="1.0"?><document><LimeSurveyDocType>Survey</LimeSurveyDocType><DBVersion>606</DBVersion><languages><language>nl</language></languages><surveys><fields><fieldname>sid</fieldname></fields><rows><row><sid><![CDATA[123]]></sid><language><![CDATA[nl]]></language></row></rows></surveys><surveys_languagesettings><fields/><rows><row><surveyls_language>nl</surveyls_language><surveyls_title>Leeg</surveyls_title></row></rows></surveys_languagesettings></document>';
    const res = await post('/portal/api/v2/survey/import', xml, 'leeg.lss');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { groups: number; questions: number }; alert: string };
    expect(body.data).toMatchObject({ groups: 0, questions: 0 });
    expect(body.alert).toContain('nog geen vraaggroepen en vragen');
    expect((await t.db.select({ n: count() }).from(surveys))[0]!.n).toBe(before + 1);
  });
});
