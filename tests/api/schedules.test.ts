import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, mailOutbox, reportScheduleRecipients, reportSchedules, reports } from '../../src/server/db/schema';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { JOB_KINDS } from '../../src/server/job-kinds';
import { enqueueDueSchedules } from '../../src/server/services/schedules/enqueue-due-schedules';
import { unsubscribeRecipient } from '../../src/server/services/schedules/unsubscribe';
import { PUBLISHED_STATUS } from '../../src/server/services/reports/access';
import type { ScheduleItem } from '../../src/shared/dto/schedules';
import { loginAs } from '../helpers/accounts';
import { jsonApi } from '../helpers/manage';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());

type Api = ReturnType<typeof jsonApi>;
type Errors = { errors: Record<string, string[]> };
let beheerder: Api;
let gebruiker: Api;
let noordbroek: Api;
beforeAll(async () => {
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
  gebruiker = jsonApi(await loginAs(t.session(), 'gebruiker@demo.impulz.nl'));
  noordbroek = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
});

const weekly = { recipients: [3], emails: ['Extern@Example.nl'], frequency: 'weekly', weekday: 1, hour: 8, format: 'pdf', message: 'De cijfers van deze week.' };
/** The cron trigger at `at`, with jobs run inline (run job → one mail job per recipient). */
const cron = (at: Date) => {
  const system = inlineJobSystem(JOB_KINDS, t.db, t.files, () => at);
  return enqueueDueSchedules({ db: t.db, enqueue: (kind, payload) => system.enqueue(kind, payload, null), now: at });
};
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

describe('report/{id}/schedule: validation and authorisation', () => {
  it('answers Dutch 422s for every field', async () => {
    const empty = await beheerder.post<Errors>('/report/1/schedule', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      frequency: ['Kies eenmalig, wekelijks, maandelijks of per kwartaal'],
      weekday: ['Kies een dag van de week'],
      hour: ['Kies een uur van 0 tot en met 23'],
      format: ['Kies een link of een PDF'],
    });
    const bad = await beheerder.post<Errors>('/report/1/schedule', { ...weekly, hour: 24, weekday: 8, emails: ['geen-adres'] });
    expect(bad.body.errors).toMatchObject({ hour: ['Kies een uur van 0 tot en met 23'], weekday: ['Kies een dag van de week'], 'emails.0': ['Voer een geldig e-mailadres in'] });
    const nobody = await beheerder.post<Errors>('/report/1/schedule', { ...weekly, recipients: [], emails: [] });
    expect(nobody.body.errors.recipients).toEqual(['Kies minimaal één ontvanger']);
    const outsider = await beheerder.post<Errors>('/report/1/schedule', { ...weekly, recipients: [5] });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors.recipients).toEqual(['Alleen leden van het project kunnen de rapportage ontvangen']);
    await t.db.update(reports).set({ directAccess: false }).where(eq(reports.id, 1));
    const linkOut = await beheerder.post<Errors>('/report/1/schedule', { ...weekly, format: 'link' });
    expect(linkOut.body.errors.emails![0]).toMatch(/^E-mailadressen buiten het portaal kunnen alleen de openbare link krijgen/);
    await t.db.update(reports).set({ directAccess: true }).where(eq(reports.id, 1));
  });

  it('is for editors of the report: readers 403, another organisation 404', async () => {
    expect((await gebruiker.get('/report/1/schedule')).status).toBe(403);
    expect((await gebruiker.post('/report/1/schedule', weekly)).status).toBe(403);
    expect((await noordbroek.get('/report/1/schedule')).status).toBe(404);
    expect((await noordbroek.post('/report/1/schedule', weekly)).status).toBe(404);
  });
});

describe('a weekly PDF schedule', () => {
  let item: ScheduleItem;

  it('is created (201, audited) with its next run on Monday 08:00 Amsterdam time', async () => {
    const res = await beheerder.post<{ data: ScheduleItem }>('/report/1/schedule', weekly);
    expect(res.status).toBe(201);
    item = res.body.data;
    expect(item).toMatchObject({ frequency: 'weekly', weekday: 1, hour: 8, format: 'pdf', recipients: [3], emails: ['extern@example.nl'], benchmarks: [{}] });
    const next = new Date(item.next_run_at!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('maandag 08:00');
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'report.schedule.create', resourceId: 1, companyId: 1, userId: 2 });
    const list = await beheerder.get<{ data: ScheduleItem[]; meta: { candidates: { id: number }[] } }>('/report/1/schedule');
    expect(list.body.data.map((s) => s.id)).toEqual([item.id]);
    expect(list.body.meta.candidates.map((c) => c.id)).toEqual(expect.arrayContaining([2, 3]));
  });

  it('is sent by the cron when due: the PDF to each recipient with an unsubscribe link, the next run a week on', { timeout: 60_000 }, async () => {
    const due = new Date(new Date(item.next_run_at!).getTime() + 60_000);
    expect(await cron(new Date(due.getTime() - 120_000))).toBe(0);
    expect(await cron(due)).toBe(1);
    expect(await cron(due)).toBe(0);
    expect(await t.db.select({ kind: jobs.kind, status: jobs.status, error: jobs.error, result: jobs.result }).from(jobs).where(eq(jobs.kind, 'report.schedule-run'))).toEqual([{ kind: 'report.schedule-run', status: 'done', error: null, result: { sent: 2, skipped: 0 } }]);
    const [reader] = await mailsTo('gebruiker@demo.impulz.nl');
    const [extern] = await mailsTo('extern@example.nl');
    for (const mail of [reader!, extern!]) {
      expect(mail.subject).toBe('Rapportage: Burgerpeiling Zuiderhaven 2026');
      expect(mail.text).toContain('De cijfers van deze week.');
      expect(mail.text).toMatch(/Meld u af: .*\/portal\/afmelden\/[a-z2-7]{32}$/m);
      expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'Burgerpeiling Zuiderhaven 2026.pdf', contentType: 'application/pdf' })]);
      const pdf = await t.files.get(mail.attachments![0]!.key);
      const head = new TextDecoder().decode((await new Response(pdf!.body).arrayBuffer()).slice(0, 5));
      expect(head).toBe('%PDF-');
    }
    expect(reader!.text).toMatch(/\/portal\/report\/1$/m);
    expect(extern!.text).toMatch(/\/portal\/public\/report\/1$/m);
    const [row] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, item.id));
    expect(row!.nextRunAt!.getTime() - new Date(item.next_run_at!).getTime()).toBe(7 * 24 * 3600 * 1000);
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'report.schedule.sent', summary: "PDF van rapportage 'Burgerpeiling Zuiderhaven 2026' verstuurd aan 2 ontvangers" });
    expect(await t.db.select({ kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.kind, 'report.schedule-mail'))).toEqual([
      { kind: 'report.schedule-mail', status: 'done' },
      { kind: 'report.schedule-mail', status: 'done' },
    ]);
  });

  it('keeps the run\'s PDF in R2 a week after the run (and while a mail of it is still queued), then deletes it', async () => {
    const { sweepSchedulePdfs } = await import('../../src/server/services/schedules/sweep-schedule-pdfs');
    const [mail] = await mailsTo('extern@example.nl');
    const key = mail!.attachments![0]!.key;
    expect(key).toMatch(new RegExp(`^schedules/${item.id}/\\d+\\.pdf$`));
    const [run] = await t.db.select().from(jobs).where(eq(jobs.kind, 'report.schedule-run'));
    const day = 86_400_000;
    const finished = run!.finishedAt!.getTime();
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files, now: new Date(finished + 6 * day) })).toBe(0);
    expect(await t.files.get(key)).not.toBeNull();
    // A mail of this PDF still waiting for a retry keeps it, however old the run.
    const [waiting] = await t.db.insert(jobs).values({ kind: 'report.schedule-mail', payload: { attachment: { key } }, status: 'queued' }).returning({ id: jobs.id });
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files, now: new Date(finished + 8 * day) })).toBe(0);
    await t.db.update(jobs).set({ status: 'done', finishedAt: new Date(finished) }).where(eq(jobs.id, waiting!.id));
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files, now: new Date(finished + 8 * day) })).toBe(1);
    expect(await t.files.get(key)).toBeNull();
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files, now: new Date(finished + 8 * day) })).toBe(0);
  });

  it('sends readers nothing of an unpublished report, and nobody outside the portal', { timeout: 60_000 }, async () => {
    await t.db.update(reports).set({ statusId: 1 }).where(eq(reports.id, 1));
    const [row] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, item.id));
    const before = (await t.db.select().from(mailOutbox)).length;
    expect(await cron(new Date(row!.nextRunAt!.getTime() + 1000))).toBe(1);
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
    await t.db.update(reports).set({ statusId: PUBLISHED_STATUS }).where(eq(reports.id, 1));
  });

  it('stops for a recipient who unsubscribes through the link (no login)', { timeout: 60_000 }, async () => {
    const [mail] = await mailsTo('extern@example.nl');
    const token = /afmelden\/([a-z2-7]{32})/.exec(mail!.text)![1]!;
    const ctx = { db: t.db, now: new Date() };
    expect(await unsubscribeRecipient(ctx, token, '127.0.0.1', false)).toEqual({ title: 'Burgerpeiling Zuiderhaven 2026', done: false });
    expect(await unsubscribeRecipient(ctx, token, '127.0.0.1', true)).toEqual({ title: 'Burgerpeiling Zuiderhaven 2026', done: true });
    expect(await unsubscribeRecipient(ctx, 'a'.repeat(32), '127.0.0.1', true)).toBeNull();
    const list = await beheerder.get<{ data: ScheduleItem[] }>('/report/1/schedule');
    expect(list.body.data[0]!.unsubscribed).toEqual(['extern@example.nl']);
    const [row] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, item.id));
    const before = (await mailsTo('extern@example.nl')).length;
    await cron(new Date(row!.nextRunAt!.getTime() + 1000));
    expect((await mailsTo('extern@example.nl')).length).toBe(before);
    // The reader still gets it (other mails to this demo user, such as indicator notices, don't count).
    const reportMails = (await mailsTo('gebruiker@demo.impulz.nl')).filter((m) => m.subject.startsWith('Rapportage: '));
    expect(reportMails.length).toBe(2);
  });

  it('PUT replaces it (recipients who stay keep their link and unsubscribe); DELETE removes it; other reports 404', async () => {
    const tokens = await t.db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, item.id));
    const put = await beheerder.put<{ data: ScheduleItem }>(`/report/1/schedule/${item.id}`, { ...weekly, frequency: 'monthly', recipients: [2, 3] });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ frequency: 'monthly', recipients: [3, 2], unsubscribed: ['extern@example.nl'] });
    const after = await t.db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, item.id));
    expect(after.find((r) => r.userId === 3)!.token).toBe(tokens.find((r) => r.userId === 3)!.token);
    expect((await beheerder.put<Errors>(`/report/1/schedule/${item.id}`, { ...weekly, hour: -1 })).status).toBe(422);
    expect((await beheerder.put(`/report/2/schedule/${item.id}`, weekly)).status).toBe(404);
    expect((await noordbroek.del(`/report/1/schedule/${item.id}`)).status).toBe(404);
    expect((await gebruiker.del(`/report/1/schedule/${item.id}`)).status).toBe(403);
    // A PDF of this schedule still in R2 (a run of today) goes at the next sweep once the schedule is deleted.
    const { sweepSchedulePdfs } = await import('../../src/server/services/schedules/sweep-schedule-pdfs');
    const [run] = await t.db.insert(jobs).values({ kind: 'report.schedule-run', payload: { scheduleId: item.id }, status: 'done', finishedAt: new Date() }).returning({ id: jobs.id });
    const key = `schedules/${item.id}/${run!.id}.pdf`;
    await t.files.put(key, new TextEncoder().encode('%PDF-'), 'application/pdf');
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files })).toBe(0);
    expect((await beheerder.del(`/report/1/schedule/${item.id}`)).status).toBe(200);
    expect(await t.db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, item.id))).toEqual([]);
    // This one and any other run's PDF of the schedule (the later tests' runs).
    expect(await sweepSchedulePdfs({ db: t.db, files: t.files })).toBeGreaterThanOrEqual(1);
    expect(await t.files.get(key)).toBeNull();
    expect((await t.files.list!(`schedules/${item.id}/`)).objects).toEqual([]);
  });
});
