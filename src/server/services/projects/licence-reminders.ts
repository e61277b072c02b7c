import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyAdmins, licences, projects, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { formatDate } from '../../../shared/format';
import { projectsNl } from '../../../shared/i18n/projects';
import { daysUntil } from './licence-status';

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  now: Date;
  appUrl?: string;
}

/**
 * Cron: mails the company admins when a project's licence (its latest period) ends in 60 days
 * and again in 14 days, once each (reminded_60_at / reminded_14_at). A licence first seen within
 * 14 days gets only the 14-day mail. Changing the end date starts the reminders afresh.
 */
export async function sendLicenceReminders(deps: ReminderDeps): Promise<{ licenceId: number; days: number; mails: number }[]> {
  const latest = sql`${licences.endDate} = (select max(l2.end_date) from ${licences} l2 where l2.project_id = ${licences.projectId})`;
  const rows = await deps.db
    .select({ licence: licences, project: projects.title, companyId: projects.companyId, company: companies.name })
    .from(licences)
    .innerJoin(projects, and(eq(projects.id, licences.projectId), isNull(projects.deletedAt)))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(latest, sql`(${licences.reminded60At} is null or ${licences.reminded14At} is null)`));
  const due = rows
    .map((r) => ({ ...r, days: daysUntil(r.licence.endDate, deps.now) }))
    .filter((r) => r.days >= 0 && ((r.days <= 14 && !r.licence.reminded14At) || (r.days <= 60 && r.days > 14 && !r.licence.reminded60At)));
  if (!due.length) return [];
  const admins = await deps.db
    .select({ companyId: companyAdmins.companyId, name: users.fullname, email: users.email })
    .from(companyAdmins)
    .innerJoin(users, and(eq(users.id, companyAdmins.userId), isNull(users.deletedAt)))
    .where(inArray(companyAdmins.companyId, [...new Set(due.map((d) => d.companyId))]));
  const sent: { licenceId: number; days: number; mails: number }[] = [];
  for (const d of due) {
    const link = deps.appUrl ? `${deps.appUrl.replace(/\/$/, '')}/portal/project/${d.licence.projectId}/edit/license` : null;
    let mails = 0;
    for (const a of admins.filter((x) => x.companyId === d.companyId)) {
      try {
        await deps.mailer.send({
          to: a.email,
          subject: projectsNl.reminderSubject(d.project, d.days),
          text: projectsNl.reminderText({ name: a.name, project: d.project, company: d.company, end: formatDate(d.licence.endDate), days: d.days, link }),
        });
        mails++;
      } catch (err) {
        console.error(JSON.stringify({ level: 'error', licenceId: d.licence.id, to: a.email, error: String(err) }));
      }
    }
    // Within 14 days the 60-day reminder is over too; it is not sent late.
    const set = d.days <= 14 ? { reminded14At: deps.now, reminded60At: d.licence.reminded60At ?? deps.now } : { reminded60At: deps.now };
    await deps.db.update(licences).set(set).where(eq(licences.id, d.licence.id));
    sent.push({ licenceId: d.licence.id, days: d.days, mails });
  }
  return sent;
}
