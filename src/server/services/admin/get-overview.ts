import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { accessRequests, auditLog, companies, jobs, licences, panels, projects, reports, surveyResponses, surveys, users } from '../../db/schema';
import { listKeys } from './file-keys';
import { adminCompany, requireAdminRole } from './scope';

const DAY = 86_400_000;
const count = sql<number>`count(*)`;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * GET admin/overview: the state of the installation (root) or the organisation at a glance — one
 * batch for the counts, jobs, licences, access requests and audit log; R2 is listed for storage.
 */
export async function getAdminOverview(ctx: UserServiceContext) {
  requireAdminRole(ctx.user, 'admin.view');
  const company = adminCompany(ctx.user);
  const db = ctx.db;
  const mine = <T>(column: T) => (company === null ? undefined : sql`${column} = ${company}`);
  const jobCompany = sql`(select ${users.companyId} from ${users} where ${users.id} = ${jobs.createdBy})`;
  const reportCompany = sql`(select ${projects.companyId} from ${projects} where ${projects.id} = ${reports.projectId})`;
  const responseCompany = sql`(select ${surveys.companyId} from ${surveys} where ${surveys.id} = ${surveyResponses.surveyId})`;
  const today = ctx.now;
  const [c, u, p, r, s, resp, jobStates, failed, ending, requests, audit, deleted] = await db.batch([
    db.select({ n: count }).from(companies).where(and(isNull(companies.deletedAt), mine(companies.id))),
    db.select({ n: count }).from(users).where(and(isNull(users.deletedAt), mine(users.companyId))),
    db.select({ n: count }).from(projects).where(and(isNull(projects.deletedAt), mine(projects.companyId))),
    db.select({ n: count }).from(reports).where(and(isNull(reports.deletedAt), mine(reportCompany))),
    db.select({ n: count }).from(surveys).where(and(isNull(surveys.deletedAt), mine(surveys.companyId))),
    db.select({ n: count }).from(surveyResponses).where(mine(responseCompany)),
    db.select({ status: jobs.status, n: count }).from(jobs).where(mine(jobCompany)).groupBy(jobs.status),
    db.select({ id: jobs.id, kind: jobs.kind, error: jobs.error, finishedAt: jobs.finishedAt }).from(jobs).where(and(eq(jobs.status, 'failed'), mine(jobCompany))).orderBy(desc(jobs.id)).limit(5),
    db
      .select({ id: licences.id, projectId: licences.projectId, title: projects.title, endDate: licences.endDate })
      .from(licences)
      .innerJoin(projects, eq(projects.id, licences.projectId))
      .where(and(isNull(projects.deletedAt), mine(projects.companyId), gte(licences.endDate, isoDay(today)), lte(licences.endDate, isoDay(new Date(today.getTime() + 60 * DAY)))))
      .orderBy(licences.endDate)
      .limit(20),
    db
      .select({ id: accessRequests.id, path: accessRequests.path, reason: accessRequests.reason, status: accessRequests.status, createdAt: accessRequests.createdAt, userId: users.id, name: users.fullname, email: users.email })
      .from(accessRequests)
      .innerJoin(users, eq(users.id, accessRequests.userId))
      .where(mine(accessRequests.companyId))
      .orderBy(sql`${accessRequests.status} = 'pending' desc`, desc(accessRequests.id))
      .limit(20),
    db
      .select({ id: auditLog.id, action: auditLog.action, summary: auditLog.summary, createdAt: auditLog.createdAt, who: users.fullname })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(mine(auditLog.companyId))
      .orderBy(desc(auditLog.id))
      .limit(20),
    db
      .select({
        project: sql<number>`(select count(*) from ${projects} where ${projects.deletedAt} is not null ${company === null ? sql`` : sql`and ${projects.companyId} = ${company}`})`,
        report: sql<number>`(select count(*) from ${reports} where ${reports.deletedAt} is not null ${company === null ? sql`` : sql`and ${reportCompany} = ${company}`})`,
        survey: sql<number>`(select count(*) from ${surveys} where ${surveys.deletedAt} is not null ${company === null ? sql`` : sql`and ${surveys.companyId} = ${company}`})`,
        company: sql<number>`(select count(*) from ${companies} where ${companies.deletedAt} is not null ${company === null ? sql`` : sql`and ${companies.id} = ${company}`})`,
        user: sql<number>`(select count(*) from ${users} where ${users.deletedAt} is not null ${company === null ? sql`` : sql`and ${users.companyId} = ${company}`})`,
        panel: sql<number>`(select count(*) from ${panels} where ${panels.deletedAt} is not null ${company === null ? sql`` : sql`and ${panels.companyId} = ${company}`})`,
      })
      .from(sql`(select 1)`),
  ]);
  const objects = company === null ? await listKeys(ctx) : [];
  const states = Object.fromEntries(jobStates.map((j) => [j.status, Number(j.n)]));
  return {
    scope: company === null ? 'installation' : 'company',
    counts: { companies: Number(c[0]!.n), users: Number(u[0]!.n), projects: Number(p[0]!.n), reports: Number(r[0]!.n), surveys: Number(s[0]!.n), responses: Number(resp[0]!.n) },
    jobs: { queued: states.queued ?? 0, running: states.running ?? 0, failed: states.failed ?? 0, done: states.done ?? 0, recentFailed: failed.map((j) => ({ id: j.id, kind: j.kind, error: j.error, finished_at: j.finishedAt?.toISOString() ?? null })) },
    storage: ctx.jobs?.files.list && company === null ? { objects: objects.length, bytes: objects.reduce((a, o) => a + o.size, 0) } : null,
    licences: ending.map((l) => ({ id: l.id, project_id: l.projectId, project: l.title, end_date: l.endDate })),
    accessRequests: requests.map((a) => ({ id: a.id, path: a.path, reason: a.reason, status: a.status, created_at: a.createdAt.toISOString(), user: { id: a.userId, name: a.name, email: a.email } })),
    audit: audit.map((a) => ({ id: a.id, action: a.action, summary: a.summary, who: a.who, created_at: a.createdAt.toISOString() })),
    deleted: Object.fromEntries(Object.entries(deleted[0]!).map(([k, v]) => [k, Number(v)])),
  };
}

export type AdminOverview = Awaited<ReturnType<typeof getAdminOverview>>;
