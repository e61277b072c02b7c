import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { feedbackRatings, helpQuestions, mailOutbox, users } from '../../src/server/db/schema';
import type { ServiceContext } from '../../src/server/context';
import { createMailer } from '../../src/server/mail/mailer';
import { askPublicQuestion } from '../../src/server/services/help/ask-public-question';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

async function loggedIn(email = 'gebruiker@demo.impulz.nl') {
  const s = t.session();
  const res = await s.login(email, DEMO_PASSWORD);
  expect(res.status).toBe(200);
  return s;
}
const lastMail = async () => (await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0];
const bootstrapFlag = async (s: Awaited<ReturnType<typeof loggedIn>>) =>
  ((await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { request_feedback: boolean } } } }).data.user.data.request_feedback;

describe('POST question', () => {
  const question = { type: 'question', name: 'Carla Bakker', email: 'carla@zuiderhaven.nl', question: 'Hoe deel ik een rapportage?', route: 'Frontpage' };

  it('needs a login and the CSRF header', async () => {
    expect((await t.session().post('/portal/api/v2/question', question)).status).toBe(401);
    const s = await loggedIn();
    const res = await s.post('/portal/api/v2/question', question, { headers: { 'x-xsrf-token': 'fout' } });
    expect(res.status).toBe(419);
  });

  it('stores the question and mails it to the helpdesk with the asker as reply-to', async () => {
    const s = await loggedIn();
    const res = await s.post('/portal/api/v2/question', question);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { id: number }; alert: string };
    expect(body.alert).toBe('Uw vraag is verstuurd naar de helpdesk');
    const [row] = await t.db.select().from(helpQuestions).where(eq(helpQuestions.id, body.data.id));
    expect(row).toMatchObject({ userId: 3, type: 'question', projectId: null, route: 'Frontpage' });
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: 'helpdesk@impulz.nl', replyTo: 'carla@zuiderhaven.nl', status: 'local' });
    expect(mail?.text).toContain('Hoe deel ik een rapportage?');
  });

  it('rejects missing fields with the Dutch messages and writes nothing', async () => {
    const s = await loggedIn();
    const before = (await t.db.select().from(helpQuestions)).length;
    const res = await s.post('/portal/api/v2/question', { type: 'vraag', name: '', email: 'geen-adres', question: ' ' });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: Record<string, string[]> };
    expect(errors.name).toEqual(['Dit veld mag niet leeg zijn']);
    expect(errors.email).toEqual(['Voer een geldig e-mailadres in']);
    expect(errors.question).toEqual(['Dit veld mag niet leeg zijn']);
    expect(errors.type).toBeDefined();
    expect((await t.db.select().from(helpQuestions)).length).toBe(before);
  });

  it('accepts a project question only for a project the user can see', async () => {
    const s = await loggedIn();
    const missing = await s.post('/portal/api/v2/question', { ...question, type: 'project' });
    expect(missing.status).toBe(422);
    const foreign = await s.post('/portal/api/v2/question', { ...question, type: 'project', project: 6 });
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { errors: Record<string, string[]> }).errors.project).toBeDefined();
    const own = await s.post('/portal/api/v2/question', { ...question, type: 'project', project: 4 });
    expect(own.status).toBe(201);
    expect((await lastMail())?.subject).toContain('Klanttevredenheid Wmo 2026');
  });
});

describe('POST feedback', () => {
  it('requires a rating in half stars unless the user declines', async () => {
    const s = await loggedIn();
    for (const rating of [undefined, 0, 3.3, 6]) {
      const res = await s.post('/portal/api/v2/feedback', { rating, comment: 'x' });
      expect(res.status, String(rating)).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.rating).toContain('Vul eerst een rating in');
    }
  });

  it('stores a rating, mails it and postpones the next request', async () => {
    await t.db.update(users).set({ requestFeedbackAfter: new Date(Date.now() - 1000) }).where(eq(users.id, 3));
    const s = await loggedIn();
    expect(await bootstrapFlag(s)).toBe(true);
    const res = await s.post('/portal/api/v2/feedback', { rating: 4.5, comment: 'Prettig overzicht', contact_allowed: true });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(feedbackRatings).orderBy(desc(feedbackRatings.id)).limit(1);
    expect(row).toMatchObject({ userId: 3, rating: 4.5, comment: 'Prettig overzicht', contactAllowed: true });
    expect((await lastMail())?.subject).toBe('[ImpulZ beoordeling] 4.5 van 5 sterren');
    expect(await bootstrapFlag(s)).toBe(false);
  });

  it("'Vraag later opnieuw' postpones by 30 days, 'Vraag mij niet opnieuw' stops asking", async () => {
    const s = await loggedIn('beheerder@demo.impulz.nl');
    await t.db.update(users).set({ requestFeedbackAfter: new Date(Date.now() - 1000) }).where(eq(users.id, 2));
    expect((await s.post('/portal/api/v2/feedback', { ask_later: true })).status).toBe(200);
    const [later] = await t.db.select().from(users).where(eq(users.id, 2));
    const days = (later!.requestFeedbackAfter!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    expect(await bootstrapFlag(s)).toBe(false);

    expect((await s.post('/portal/api/v2/feedback', { feedback_dont_ask: true })).status).toBe(200);
    const [never] = await t.db.select().from(users).where(eq(users.id, 2));
    expect(never).toMatchObject({ feedbackDontAsk: true, requestFeedbackAfter: null });
    await t.db.update(users).set({ requestFeedbackAfter: new Date(Date.now() - 1000) }).where(eq(users.id, 2));
    expect(await bootstrapFlag(s)).toBe(false);
  });
});

describe('the help form without login (/hulp, /meedoen/hulp)', () => {
  const config = { appEnv: 'test' as const, libsqlUrl: 'file:test', mailFrom: 'test@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
  const ctx = (now = new Date()): ServiceContext => ({ db: t.db, user: null, now, config, mailer: createMailer(t.db, config) });
  const ask = (email: string, ip: string, now?: Date) =>
    askPublicQuestion(ctx(now), { type: 'question', name: 'Piet Jansen', email, question: 'Ik kom niet binnen.', route: 'Login' }, ip);
  const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

  it('stores the question without a user and mails the helpdesk, reply-to the asker', async () => {
    const { id } = await ask('piet@example.nl', '10.9.0.1');
    const [row] = await t.db.select().from(helpQuestions).where(eq(helpQuestions.id, id));
    expect(row).toMatchObject({ userId: null, type: 'question', email: 'piet@example.nl', projectId: null, route: 'Login' });
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: 'helpdesk@impulz.nl', replyTo: 'piet@example.nl' });
    expect(mail?.text).toContain('niet ingelogd');
    expect(mail?.text).toContain('Pagina: Login');
  });

  it("answers alike for an address with and without an account, and mails nothing to the address", async () => {
    const before = { known: await mailsTo('gebruiker@demo.impulz.nl'), unknown: await mailsTo('niemand@example.nl') };
    const known = await ask('gebruiker@demo.impulz.nl', '10.9.0.2');
    const unknown = await ask('niemand@example.nl', '10.9.0.2');
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    const rows = await t.db.select().from(helpQuestions).where(eq(helpQuestions.route, 'Login'));
    // The account is not looked up: no user id is attached to the known address either.
    expect(rows.find((r) => r.id === known.id)?.userId).toBeNull();
    expect(await mailsTo('gebruiker@demo.impulz.nl')).toBe(before.known);
    expect(await mailsTo('niemand@example.nl')).toBe(before.unknown);
  });

  it('is rate-limited per address (3) and per IP (10) in 15 minutes, with the Dutch 429', async () => {
    const now = new Date(Date.UTC(2030, 0, 1, 12));
    for (let i = 0; i < 3; i++) await ask('veel@example.nl', `10.9.1.${i}`, now);
    await expect(ask('veel@example.nl', '10.9.1.9', now)).rejects.toMatchObject({ code: 'THROTTLED', message: expect.stringMatching(/minuten|minuut/) });
    for (let i = 0; i < 10; i++) await ask(`ip${i}@example.nl`, '10.9.2.1', now);
    await expect(ask('ip-extra@example.nl', '10.9.2.1', now)).rejects.toMatchObject({ code: 'THROTTLED' });
    // A new window lets the address ask again.
    await expect(ask('veel@example.nl', '10.9.1.9', new Date(now.getTime() + 16 * 60_000))).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
