import { readFileSync } from 'node:fs';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, surveyPanels, surveyResponses, surveyTokens } from '../../src/server/db/schema';
import { optOut } from '../../src/server/services/participate/opt-out';
import { savePaperForm } from '../../src/server/services/participate/paper-entry';
import { formFields } from '../../src/server/services/participate/read-answers';
import { participateNl } from '../../src/shared/i18n/participate';
import { loginAs } from '../helpers/accounts';
import { demoSurveyId } from '../helpers/demo-survey';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import { serviceContextFor } from '../helpers/service-context';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
const staff = t.session();
const other = t.session();
afterAll(() => t.close());
let id = 0;
const api = (path: string) => `/portal/api/v2${path}`;
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as { data: T; alert?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  await loginAs(staff, 'beheerder@demo.impulz.nl');
  await loginAs(other, 'beheerder@noordbroek.demo.impulz.nl');
  id = await demoSurveyId(t.db);
});

describe('GET/PUT survey/{id}/fieldwork', () => {
  it('answers the links, the period, counts, invitations and panels', async () => {
    const res = await staff.get(api(`/survey/${id}/fieldwork`));
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({
      status: 'open', state: 'open', uses_tokens: true, link: `http://localhost/portal/meedoen/${id}`, paper_link: `http://localhost/portal/invoer/${id}`,
      panels: [{ id: 1, name: 'Burgerpanel Zuiderhaven', members: 1 }], available_panels: [], warnings: [],
    });
    expect((data.invitations as { to_invite: number }).to_invite).toBe(1);
  });

  it('closes and reopens with a period; refuses an end before the start and bad dates in Dutch', async () => {
    const bad = await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'open', starts_at: '2030-05-01T10:00', ends_at: '2030-04-01T10:00' } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors).toEqual({ ends_at: [participateNl.fieldwork.endBeforeStart] });
    const worse = await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'half', starts_at: 'morgen' } });
    expect(Object.keys((await json(worse)).errors ?? {}).sort()).toEqual(['starts_at', 'status']);
    const closed = await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'closed', starts_at: '2024-01-01', ends_at: '' } });
    expect(closed.status).toBe(200);
    const body = await json(closed);
    expect(body.alert).toBe(participateNl.fieldwork.saved);
    expect(body.data).toMatchObject({ status: 'closed', state: 'closed', starts_at: '2024-01-01T00:00', ends_at: null });
    const reopened = await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'open', starts_at: null, ends_at: null } });
    expect((await json(reopened)).data).toMatchObject({ state: 'open' });
  });

  it('is 404 for another company and 403 without survey.edit', async () => {
    expect((await other.get(api(`/survey/${id}/fieldwork`))).status).toBe(404);
    expect((await other.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'closed' } })).status).toBe(404);
    const user = t.session();
    await loginAs(user, 'gebruiker@demo.impulz.nl');
    expect((await user.get(api(`/survey/${id}/fieldwork`))).status).toBe(403);
  });
});

describe('GET survey/{id}/link', () => {
  it('answers the form link, with one token in it on request', async () => {
    expect((await json(await staff.get(api(`/survey/${id}/link`)))).data).toEqual({ link: `http://localhost/portal/meedoen/${id}` });
    const [tok] = await t.db.select().from(surveyTokens).where(eq(surveyTokens.surveyId, id)).limit(1);
    expect((await json(await staff.get(api(`/survey/${id}/link?token_id=${tok!.id}`)))).data).toEqual({ link: `http://localhost/portal/meedoen/${id}?code=${tok!.token}` });
    expect((await staff.get(api(`/survey/${id}/link?token_id=999999999`))).status).toBe(404);
    expect((await staff.get(api(`/survey/${id}/link?token_id=abc`))).status).toBe(422);
  });
});

describe('panels and invitations', () => {
  it('fields the survey to a panel: members get a token once; unlinking keeps the tokens', async () => {
    const unlink = await staff.fetch(api(`/survey/${id}/panel/1`), { method: 'DELETE' });
    expect(unlink.status).toBe(200);
    expect(await t.db.select().from(surveyPanels).where(eq(surveyPanels.surveyId, id))).toHaveLength(0);
    const link = await staff.fetch(api(`/survey/${id}/panel/1`), { method: 'PUT' });
    expect(link.status).toBe(200);
    expect((await json(link)).data).toMatchObject({ tokens_created: 0 });
    const member = await t.db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, id), eq(surveyTokens.participantId, 'panel-user:3')));
    expect(member).toHaveLength(1);
    expect(member[0]).toMatchObject({ email: 'gebruiker@demo.impulz.nl', firstname: 'Carla', lastname: 'Bakker' });
    expect((await other.fetch(api(`/survey/${id}/panel/2`), { method: 'PUT' })).status).toBe(404);
    expect((await staff.fetch(api(`/survey/${id}/panel/2`), { method: 'PUT' })).status).toBe(404);
  });

  it('mails invitations through the mail adapter with the personal link and an opt-out link, then reminders', async () => {
    await t.db.insert(surveyTokens).values([
      { surveyId: id, token: 'UitnodigingTest1', email: 'inwoner1@example.nl', firstname: 'Ine' },
      { surveyId: id, token: 'UitnodigingTest2', email: 'inwoner2@example.nl', emailStatus: 'OptOut' },
      { surveyId: id, token: 'UitnodigingTest3', email: 'inwoner3@example.nl', completed: '2026-01-01 10:00' },
    ]);
    const res = await staff.post(api(`/survey/${id}/invitation`), { kind: 'invite' });
    expect(res.status).toBe(202);
    const job = (await json<{ id: number }>(res)).data;
    const done = (await json<{ status: string; result: Record<string, number> }>(await staff.get(api(`/job/${job.id}`)))).data;
    expect(done).toMatchObject({ status: 'done', result: { sent: 2, failed: 0, skipped: 1 } });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'inwoner1@example.nl'));
    expect(mail!.subject).toBe('Uitnodiging: Burgerpeiling Zuiderhaven');
    expect(mail!.text).toContain('Beste Ine,');
    expect(mail!.text).toContain(`http://localhost/portal/meedoen/${id}?code=UitnodigingTest1`);
    expect(mail!.text).toContain(`http://localhost/portal/meedoen/${id}/afmelden?code=UitnodigingTest1`);
    expect(await t.db.select().from(mailOutbox).where(like(mailOutbox.to, 'inwoner2%'))).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(like(mailOutbox.to, 'inwoner3%'))).toHaveLength(0);
    const [sent] = await t.db.select().from(surveyTokens).where(eq(surveyTokens.token, 'UitnodigingTest1'));
    expect(sent!.sent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The opt-out link's page: this respondent gets no reminder.
    await optOut({ ...t, now: new Date(), user: null } as never, id, 'UitnodigingTest1', '10.1.1.1');
    const remind = await staff.post(api(`/survey/${id}/invitation`), { kind: 'remind' });
    const reminded = (await json<{ status: string; result: Record<string, number> }>(await staff.get(api(`/job/${(await json<{ id: number }>(remind)).data.id}`)))).data;
    expect(reminded.result).toMatchObject({ sent: 1 });
    const [last] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gebruiker@demo.impulz.nl')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(last!.subject).toBe('Herinnering: Burgerpeiling Zuiderhaven');
  });

  it('refuses invitations for a closed survey and a bad kind', async () => {
    expect((await staff.post(api(`/survey/${id}/invitation`), { kind: 'alles' })).status).toBe(422);
    await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'closed' } });
    const closed = await staff.post(api(`/survey/${id}/invitation`), { kind: 'invite' });
    expect(closed.status).toBe(422);
    expect((await json(closed)).errors).toEqual({ kind: [participateNl.invitations.closed] });
    await staff.fetch(api(`/survey/${id}/fieldwork`), { method: 'PUT', json: { status: 'open' } });
  });
});

describe('paper entry (survey.upload)', () => {
  it('saves typed codes as a completed paper response, refuses a number twice and wrong codes', async () => {
    const ctx = { ...(await serviceContextFor(t.db, 2)), jobs: undefined };
    const fields = { form_number: '0041', leeftijd: 'A3', geslacht: 'M', wijk: 'W2', jarenwonen: '30', buurt_SQ001: '5', contact: 'N', kanaal_SQ001: 'Y', tevredengemeente: '4' };
    const first = await savePaperForm(ctx, id, formFields(fields));
    expect(first.ok).toBe(true);
    const [row] = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, id), eq(surveyResponses.externalKey, 'paper:0041')));
    expect(row!.submitDate).not.toBeNull();
    const answers = JSON.parse(row!.answers) as Record<string, string>;
    // kanaal is asked only after contact = Y: a typed answer to a skipped question isn't stored.
    expect(answers).toMatchObject({ leeftijd: 'A3', wijk: 'W2', buurt_SQ001: '5', buurt_SQ002: '', contact: 'N' });
    expect(answers).not.toHaveProperty('kanaal_SQ001');
    const twice = await savePaperForm(ctx, id, formFields(fields));
    expect(twice).toMatchObject({ ok: false, fieldErrors: { number: participateNl.paper.duplicate('0041') } });
    const wrong = await savePaperForm(ctx, id, formFields({ form_number: '0042', leeftijd: 'A9', jarenwonen: 'veel' }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect([...wrong.errors.values()].sort()).toEqual([participateNl.validation.invalidChoice, participateNl.validation.number].sort());
    const none = await savePaperForm(ctx, id, formFields({ form_number: '' }));
    expect(none).toMatchObject({ ok: false, fieldErrors: { number: participateNl.paper.formNumberRequired } });
  });

  it("is another company's survey: not found", async () => {
    const ctx = await serviceContextFor(t.db, 5);
    await expect(savePaperForm(ctx, id, formFields({ form_number: '1' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('import reports conditions it cannot evaluate', () => {
  it('answers Dutch warnings naming the question, and the fieldwork panel shows them too', async () => {
    const xml = readFileSync(`${LIMESURVEY_FIXTURES}limesurvey_survey_841748_colors.lss`, 'utf8').replace('((Q00_SQ001.NAOK == "Y") and (Q00_SQ002.NAOK == "Y"))', 'strrev(Q00_SQ001.NAOK) == "Y"');
    const form = new FormData();
    form.set('file', new File([xml], 'colors.lss'));
    const res = await staff.fetch(api('/survey/import'), { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { data } = await json<{ id: number; warnings: string[] }>(res);
    expect(data.warnings).toHaveLength(1);
    expect(data.warnings[0]).toMatch(/^Vraag \S+: de voorwaarde kan niet worden uitgevoerd \(onbekende functie strrev\(\)\)\. De vraag wordt daarom altijd getoond/);
    expect((await json<{ warnings: string[] }>(await staff.get(api(`/survey/${data.id}/fieldwork`)))).data.warnings).toEqual(data.warnings);
  });
});
