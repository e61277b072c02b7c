import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUBE_FORMAT_VERSION, CubeCache, count as popcount, deserializeCube, getColumn, numericValues, planeCodes, serializeCube } from '../../src/server/analytics';
import { jobs, surveyResponses, surveyTokens, surveys } from '../../src/server/db/schema';
import type { FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { BACKGROUND_BUILD, buildSurveyCube } from '../../src/server/services/analytics/build-survey-cube';
import { buildCubeAfterImport } from '../../src/server/services/analytics/cube-job';
import { cubeBlobKey, cubeCache, loadCube } from '../../src/server/services/analytics/load-cube';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';
import { JOB_KINDS } from '../../src/server/job-kinds';

const t = createSurveyTestApp();
afterAll(() => t.close());
let surveyId = 0;

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
});

async function sqlCount(where: string, ...args: (string | number)[]): Promise<number> {
  const { rows } = await t.client.execute({ sql: `select count(*) as n from survey_responses where survey_id = ? and ${where}`, args: [surveyId, ...args] });
  return Number(rows[0]!.n);
}

function countingStore(inner: FileStore) {
  const calls = { get: 0, put: 0 };
  const store: FileStore = {
    get: (k) => (calls.get++, inner.get(k)),
    put: (k, b, ct) => (calls.put++, inner.put(k, b, ct)),
    delete: (k) => inner.delete(k),
    upload: (k, chunks, options) => inner.upload(k, chunks, options),
  };
  return { store, calls };
}

describe('survey cube from libSQL', { timeout: 30_000 }, () => {
  it('has one row per response and the same counts as json_extract over survey_responses', async () => {
    const { cube, report } = await buildSurveyCube(t.db, surveyId);
    const total = await sqlCount('1');
    expect(total).toBeGreaterThan(1000);
    expect(cube.rowCount).toBe(total);
    expect(report.rowsWithoutDay).toBe(0);

    const age = getColumn(cube, 'leeftijd');
    if (age.kind !== 'single') throw new Error('leeftijd is not single choice');
    for (const code of ['A1', 'A4']) {
      const i = age.codes.indexOf(code) + 1;
      const inCube = [...planeCodes(age.planes, cube.rowCount)].reduce((n, v) => n + (v === i ? 1 : 0), 0);
      expect(inCube).toBe(await sqlCount(`json_extract(answers, '$.leeftijd') = ?`, code));
    }
    const problems = getColumn(cube, 'problemen');
    if (problems.kind !== 'multi') throw new Error('problemen is not multiple choice');
    const sq3 = problems.codes.indexOf('SQ003');
    expect(popcount(problems.optionBits[sq3]!)).toBe(await sqlCount(`json_extract(answers, '$.problemen_SQ003') = 'Y'`));

    const grade = getColumn(cube, 'rapportcijfer');
    if (grade.kind !== 'numeric') throw new Error('rapportcijfer is not numeric');
    const answered = [...numericValues(grade)].reduce((n, v) => n + (Number.isNaN(v) ? 0 : 1), 0);
    expect(answered).toBe(await sqlCount(`coalesce(json_extract(answers, '$.rapportcijfer'), '') <> ''`));

    const text = getColumn(cube, 'verbeterpunt');
    if (text.kind !== 'text') throw new Error('verbeterpunt is not text');
    const code = text.dictionary.indexOf('Meer groen') + 1;
    expect(code).toBeGreaterThan(0);
    expect([...planeCodes(text.planes, cube.rowCount)].reduce((n, v) => n + (v === code ? 1 : 0), 0)).toBe(await sqlCount(`json_extract(answers, '$.verbeterpunt') = 'Meer groen'`));
    // Long text (type T) is not in the cube.
    expect(cube.byKey.has('opmerking')).toBe(false);
  });

  it('a background build (small pages, pauses between row chunks) gives the same cube byte for byte', async () => {
    const whole = await buildSurveyCube(t.db, surveyId);
    let pauses = 0;
    const pause = async () => {
      pauses++;
      await new Promise((r) => setTimeout(r, 0));
    };
    const paced = await buildSurveyCube(t.db, surveyId, { pageRows: 333, pauseEvery: 100, pause });
    expect(serializeCube(paced.cube)).toEqual(serializeCube(whole.cube));
    expect(paced.report).toEqual(whole.report);
    // After every 100 rows within a page of 333 (3 a whole page), more while finishing the columns.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(whole.cube.rowCount / 333) * 3);
    expect(BACKGROUND_BUILD.pauseEvery).toBeGreaterThan(0);
  });

  it('loads from the isolate cache, then the R2 blob, and builds only when both miss', async () => {
    const [{ version }] = (await t.db.select({ version: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, surveyId))) as [{ version: number }];
    cubeCache.delete(surveyId, version);
    const { store, calls } = countingStore(t.files);
    const built = await loadCube({ db: t.db, files: store }, surveyId);
    expect(calls).toEqual({ get: 1, put: 1 });
    const blob = await t.files.get(cubeBlobKey(surveyId, version));
    expect(blob).not.toBeNull();
    const fromBlob = deserializeCube(new Uint8Array(await new Response(blob!.body).arrayBuffer()));
    expect(fromBlob.rowCount).toBe(built.rowCount);

    expect(await loadCube({ db: t.db, files: store }, surveyId)).toBe(built);
    expect(calls).toEqual({ get: 1, put: 1 });

    cubeCache.delete(surveyId, version);
    const again = await loadCube({ db: t.db, files: store }, surveyId);
    expect(calls).toEqual({ get: 2, put: 1 }); // read from R2, not rebuilt
    expect(again).not.toBe(built);
    expect(again.rowCount).toBe(built.rowCount);
    expect(new CubeCache().size).toBe(0);

    // A blob of an older format (format 3, before bit-slicing) is not misread: it is rebuilt and replaced.
    const old = serializeCube(built);
    new DataView(old.buffer, old.byteOffset).setUint32(8, CUBE_FORMAT_VERSION - 1, true);
    await t.files.put(cubeBlobKey(surveyId, version), old, 'application/octet-stream');
    cubeCache.delete(surveyId, version);
    const rebuilt = await loadCube({ db: t.db, files: store }, surveyId);
    expect(calls).toEqual({ get: 3, put: 2 });
    expect(rebuilt.rowCount).toBe(built.rowCount);
    const stored = await t.files.get(cubeBlobKey(surveyId, version));
    expect(new DataView(await new Response(stored!.body).arrayBuffer()).getUint32(8, true)).toBe(CUBE_FORMAT_VERSION);
  });

  it('cube.build after a response import stores the new version, which misses the cached cube', async () => {
    const before = await loadCube({ db: t.db, files: t.files }, surveyId);
    const csv = 'id,submitdate,startdate,lastpage,startlanguage,leeftijd,wijk\r\n990001,2026-01-05 10:00:00,2026-01-05 09:50:00,3,nl,A1,W2\r\n990002,2026-01-06 10:00:00,2026-01-06 09:50:00,3,nl,A4,W6\r\n';
    await t.files.put('surveys/test/responses/cube', csv);
    await inlineJobSystem(JOB_KINDS, t.db, t.files).enqueue('survey.responses.import', { surveyId, key: 'surveys/test/responses/cube', name: 'extra.csv' }, 2);
    await buildCubeAfterImport({ db: t.db, files: t.files, now: () => new Date() }, surveyId, 2);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.kind, 'cube.build')).orderBy(desc(jobs.id)).limit(1);
    expect(row).toMatchObject({ status: 'done' });
    const [{ version }] = (await t.db.select({ version: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, surveyId))) as [{ version: number }];
    expect(version).toBe(before.version + 1);
    expect(row!.result).toMatchObject({ surveyId, version, rows: before.rowCount + 2 });
    expect(await t.files.get(cubeBlobKey(surveyId, version))).not.toBeNull();
    expect(await t.files.get(cubeBlobKey(surveyId, version - 1))).toBeNull();

    const after = await loadCube({ db: t.db, files: t.files }, surveyId);
    expect(after).not.toBe(before);
    expect(after.version).toBe(version);
    expect(after.rowCount).toBe(before.rowCount + 2);

    // A change made straight in the database (version bump) is picked up as well.
    await t.db.delete(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.responseId, 990002)));
    await t.db.update(surveys).set({ responsesVersion: sql`${surveys.responsesVersion} + 1` }).where(eq(surveys.id, surveyId));
    expect((await loadCube({ db: t.db }, surveyId)).rowCount).toBe(before.rowCount + 1);
  });

  it('adds token attributes as attribute columns (text, dictionary codes)', async () => {
    await t.db.update(surveys).set({ useTokens: true, attributeDescriptions: { attribute_1: 'Regio' } }).where(eq(surveys.id, surveyId));
    const responses = await t.db.select({ id: surveyResponses.id }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)).orderBy(surveyResponses.id).limit(3);
    const regions = ['Noord', 'Zuid', 'Noord'];
    for (let i = 0; i < responses.length; i++) {
      const token = `cubetoken${i}`;
      await t.db.insert(surveyTokens).values({ surveyId, token, attributes: { attribute_1: regions[i]! } });
      await t.db.update(surveyResponses).set({ token }).where(eq(surveyResponses.id, responses[i]!.id));
    }
    const { cube } = await buildSurveyCube(t.db, surveyId);
    const col = getColumn(cube, 'attribute_1');
    if (col.kind !== 'text') throw new Error('attribute_1 is not text');
    expect(col.source).toBe('attribute');
    expect(col.dictionary).toEqual(['Noord', 'Zuid']);
    expect([...planeCodes(col.planes, cube.rowCount)].reduce((n, v) => n + (v === 1 ? 1 : 0), 0)).toBe(2);
    expect([...planeCodes(col.planes, cube.rowCount)].reduce((n, v) => n + (v === 2 ? 1 : 0), 0)).toBe(1);
    expect(cube.rowCount).toBe(await sqlCount('1'));
  });
});
