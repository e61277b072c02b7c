import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses, surveys, type jobs } from '../../src/server/db/schema';
import { pendingStatements, cubeRebuildJob } from '../../src/server/services/participate/cube-rebuild';
import { loadFormModel } from '../../src/server/services/participate/load-form-model';
import { directSession } from '../helpers/direct-session';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * `responses_version` moves with the responses, `updated_at` with the survey itself: a bump (cube
 * rebuild round, response upload, deleted response) leaves `updated_at` alone, so the
 * participation pages' form model (keyed by it) stays cached and the survey's 'last changed'
 * doesn't move when responses arrive; a real edit of the survey still moves it and gives a new model.
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const OLD = new Date('2025-01-02T03:04:05.000Z');

let beheerder: HttpSession;
let surveyId = 0;
const row = async () => (await t.db.select().from(surveys).where(eq(surveys.id, surveyId)))[0]!;

beforeAll(async () => {
  beheerder = await directSession(t, 'beheerder@demo.impulz.nl');
  surveyId = (await t.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.lsSid, 474747)))[0]!.id;
});

describe('responses_version bumps leave updated_at alone', () => {
  it('a cube rebuild round', async () => {
    await t.db.update(surveys).set({ updatedAt: OLD }).where(eq(surveys.id, surveyId));
    const before = (await row()).responsesVersion;
    await t.client.batch(pendingStatements(surveyId, new Date()), 'write');
    // A bare run (no job system): rounds until nothing is pending, then the claim is released.
    const result = await cubeRebuildJob({ db: t.db, files: t.files, now: () => new Date() }, { id: 0, payload: { surveyId } } as unknown as typeof jobs.$inferSelect, async () => undefined);
    expect(result).toMatchObject({ rounds: 1, responses: 1 });
    const after = await row();
    expect(after.responsesVersion).toBe(before + 1);
    expect(after.updatedAt).toEqual(OLD);
  });

  it('a response upload that adds responses', async () => {
    await t.db.update(surveys).set({ updatedAt: OLD }).where(eq(surveys.id, surveyId));
    const before = (await row()).responsesVersion;
    const day = new Date().toISOString().slice(0, 10);
    const form = new FormData();
    form.set('file', new Blob([`id,submitdate,startdate,lastpage,startlanguage,leeftijd,geslacht,wijk\n${910_000},${day} 10:00:00,${day} 09:50:00,3,nl,A2,V,W3\n`], { type: 'text/csv' }), 'een.csv');
    const upload = await beheerder.fetch(`${API}/survey/${surveyId}/response`, { method: 'POST', body: form });
    expect(upload.status).toBeLessThan(300);
    const after = await row();
    expect(after.responsesVersion).toBe(before + 1);
    expect(after.updatedAt).toEqual(OLD);
  });

  it('a deleted response (the answer reports the new version)', async () => {
    await t.db.update(surveys).set({ updatedAt: OLD }).where(eq(surveys.id, surveyId));
    const before = (await row()).responsesVersion;
    const [response] = await t.db.select({ id: surveyResponses.id }).from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), isNotNull(surveyResponses.submitDate))).limit(1);
    const res = await beheerder.fetch(`${API}/survey/${surveyId}/responses/${response!.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { responses_version: number } }).data.responses_version).toBe(before + 1);
    const after = await row();
    expect(after.responsesVersion).toBe(before + 1);
    expect(after.updatedAt).toEqual(OLD);
  });
});

describe('the form model follows real edits of the survey', () => {
  it('is the same model after a bump, a new one after an edit of the survey', async () => {
    await t.db.update(surveys).set({ updatedAt: OLD }).where(eq(surveys.id, surveyId));
    const source = async () => {
      const s = await row();
      return { id: s.id, lsSid: s.lsSid, baseLanguage: s.baseLanguage, languages: [s.baseLanguage], attributeDescriptions: s.attributeDescriptions, updatedAt: s.updatedAt.getTime() };
    };
    const first = await loadFormModel(t.db, await source());
    await t.client.batch(pendingStatements(surveyId, new Date()), 'write');
    await cubeRebuildJob({ db: t.db, files: t.files, now: () => new Date() }, { id: 0, payload: { surveyId } } as unknown as typeof jobs.$inferSelect, async () => undefined);
    expect(await loadFormModel(t.db, await source())).toBe(first);

    const edit = await beheerder.fetch(`${API}/survey/${surveyId}/accuracy`, { method: 'PUT', json: { population_size: 41_000, confidence_level: 95 } });
    expect(edit.status).toBe(200);
    const edited = await row();
    expect(edited.updatedAt.getTime()).toBeGreaterThan(OLD.getTime());
    const second = await loadFormModel(t.db, await source());
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });
});
