import { and, eq, inArray, isNull } from 'drizzle-orm';
import { activeAccount, identityColumns, type SessionUser, toSessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { companies, projects, reportScheduleRecipients, reports, users } from '../../db/schema';
import { PUBLISHED_STATUS, visibleReports, type ReportRow } from '../reports/access';

/** An active account as a session would see it (rights, company, admin flag), or null. */
export async function loadAccount(db: Db, userId: number | null, now: Date): Promise<SessionUser | null> {
  if (!userId) return null;
  // (The join makes drizzle qualify the columns: on one table it writes bare "id", which inside
  // identityColumns' subqueries would name roles.id instead of users.id.)
  const [row] = await db.select(identityColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(and(eq(users.id, userId), activeAccount(now)));
  return row ? toSessionUser(row) : null;
}

/** Whether the account sees the report today (published for readers, listed readers, project membership). */
export async function maySee(db: Db, user: SessionUser, reportId: number): Promise<boolean> {
  const [row] = await db.select({ id: reports.id }).from(reports).innerJoin(projects, eq(projects.id, reports.projectId)).where(and(eq(reports.id, reportId), visibleReports(user)));
  return !!row;
}

export interface Delivery {
  recipientId: number;
  to: string;
  /** A portal user (gets the staff link) or an address outside the portal (public link only). */
  member: boolean;
}

/**
 * Who gets this run: recipients who did not unsubscribe; portal users only while they may see the
 * report (their current address); addresses outside the portal only while the report is
 * published, and then a PDF, or the link only when the report is public.
 */
export async function resolveDeliveries(db: Db, scheduleId: number, report: ReportRow, format: 'link' | 'pdf', now: Date): Promise<{ deliveries: Delivery[]; skipped: number }> {
  const rows = await db.select().from(reportScheduleRecipients).where(and(eq(reportScheduleRecipients.scheduleId, scheduleId), isNull(reportScheduleRecipients.unsubscribedAt)));
  const deliveries: Delivery[] = [];
  let skipped = 0;
  const ids = rows.flatMap((r) => (r.userId ? [r.userId] : []));
  const accounts = ids.length ? await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
  for (const r of rows) {
    if (r.userId) {
      const account = accounts.some((a) => a.id === r.userId) ? await loadAccount(db, r.userId, now) : null;
      if (account && (await maySee(db, account, report.id))) deliveries.push({ recipientId: r.id, to: account.email, member: true });
      else skipped++;
    } else if (r.email && report.statusId === PUBLISHED_STATUS && (format === 'pdf' || report.directAccess)) deliveries.push({ recipientId: r.id, to: r.email, member: false });
    else skipped++;
  }
  return { deliveries, skipped };
}
