import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { licences, mailOutbox } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { sendLicenceReminders } from '../../src/server/services/projects/licence-reminders';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const DAY = 86_400_000;
const mailer = createMailer(t.db, { mailFrom: 'ImpulZ <noreply@impulz.nl>' });
const reminders = (daysFromNow: number) => sendLicenceReminders({ db: t.db, mailer, now: new Date(Date.now() + daysFromNow * DAY), appUrl: 'https://portal.example.nl' });
const mailsAbout = (project: string) => t.db.select().from(mailOutbox).where(like(mailOutbox.subject, `Licentie van '${project}'%`));

describe('licence reminders (cron)', () => {
  it('mails the company admins 60 days before the end, once', async () => {
    // Seeded: projects 1 and 2 end in 30 days (within 60, not within 14); the others not or already ended.
    const sent = await reminders(0);
    expect(sent.map((s) => s.licenceId).sort()).toEqual([1, 2]);
    expect(sent.every((s) => s.days === 30 && s.mails === 1)).toBe(true);
    const [mail] = await mailsAbout('Burgerpeiling Zuiderhaven 2026');
    expect(mail).toMatchObject({ to: 'beheerder@demo.impulz.nl', subject: "Licentie van 'Burgerpeiling Zuiderhaven 2026' loopt over 30 dagen af" });
    expect(mail!.text).toContain('https://portal.example.nl/portal/project/1/edit/license');
    expect(await reminders(1)).toEqual([]);
  });

  it('mails again 14 days before the end, once, and never after the end', async () => {
    const sent = await reminders(17);
    expect(sent.map((s) => [s.licenceId, s.days])).toEqual([[1, 13], [2, 13]]);
    expect(await mailsAbout('Burgerpeiling Zuiderhaven 2026')).toHaveLength(2);
    expect(await reminders(18)).toEqual([]);
    // Day 40: projects 1 and 2 have ended (no mail after the end); project 7 is 50 days away, but
    // Zorggroep De Linde has no company admin to mail.
    expect(await reminders(40)).toEqual([{ licenceId: 7, days: 50, mails: 0 }]);
  });

  it('a licence first seen within 14 days gets only the 14-day mail; another company gets its own admins', async () => {
    // Noordbroek's project 6 ends in 150 days: first seen at 10 days, only the 14-day mail.
    const [row] = await t.db.select().from(licences).where(eq(licences.id, 6));
    expect(row!.reminded60At).toBeNull();
    const sent = await reminders(140);
    const six = sent.find((s) => s.licenceId === 6)!;
    expect(six.days).toBe(10);
    expect((await mailsAbout('Burgerpeiling Noordbroek 2026')).map((m) => m.to)).toEqual(['beheerder@noordbroek.demo.impulz.nl']);
    const [after] = await t.db.select().from(licences).where(eq(licences.id, 6));
    expect(after!.reminded60At).not.toBeNull();
    expect(after!.reminded14At).not.toBeNull();
  });
});
