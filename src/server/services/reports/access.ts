import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportAccessRule, SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { companyAdmins, projects, reportBookmarks, reportChartOptions, reportCharts, reportDataLocations, reports, reportSections, reportTexts, reportUsers, reportWidgets, roles, userRoles, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { read } from '../../db/reads';
import { placeholderUser } from '../../auth/placeholder-user';
import { preparedQuery } from '../../db/prepared';
import { hasRole, type Role } from '../../../shared/permissions';
import { REPORT_STATUSES } from '../../../shared/lookups';
import { visibleProjects } from '../projects/scope';

export type ReportRow = typeof reports.$inferSelect;
export type SectionRow = typeof reportSections.$inferSelect;
export type ChartRow = typeof reportCharts.$inferSelect;
export type DataLocationRow = typeof reportDataLocations.$inferSelect;
export type BookmarkRow = typeof reportBookmarks.$inferSelect;
export type ChartOptionRow = typeof reportChartOptions.$inferSelect;
export type TextRow = typeof reportTexts.$inferSelect;
export type WidgetRow = typeof reportWidgets.$inferSelect;

/** dashboard.view reads, dashboard.create creates reports, dashboard.edit changes them (the route guards say the same). */
export function requireReportRole(user: SessionUser, role: Extract<Role, 'dashboard.view' | 'dashboard.create' | 'dashboard.edit'>): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/** Report status a reader sees (REPORT_STATUSES 'published'); editors see every status. */
export const PUBLISHED_STATUS = REPORT_STATUSES.find((s) => s.key === 'published')!.id;

/** Editors see every report of their projects in every status: dashboard.edit, company admins, root users. */
export const isReportEditor = (user: SessionUser) => user.isRoot || user.isCompanyAdmin || hasRole(user, 'dashboard.edit');

/**
 * Row-level rule for reports on top of visibleProjects. Readers (everyone but editors) see only
 * **published** reports, and of those only the ones without explicit readers (report_users) or
 * with them among the readers. Editors always see every report, so they can manage it.
 */
export function visibleReports(user: SessionUser): SQL {
  const alive = sql`${reports.deletedAt} is null`;
  if (isReportEditor(user)) return and(alive, visibleProjects(user))!;
  const open = sql`not exists(select 1 from ${reportUsers} where ${reportUsers.reportId} = ${reports.id})`;
  const listed = sql`exists(select 1 from ${reportUsers} where ${reportUsers.reportId} = ${reports.id} and ${reportUsers.userId} = ${user.id})`;
  return and(alive, eq(reports.statusId, PUBLISHED_STATUS), visibleProjects(user), sql`(${open} or ${listed})`)!;
}

/**
 * A report that is not deleted, of a project the user may see; else 404. One prepared statement
 * per rule shape (db/prepared.ts, keyed by ruleShapeCode: everything visibleReports branches on):
 * the same SQL as findReportRead, not built again per request.
 */
export async function findReport(ctx: UserServiceContext, reportId: number): Promise<ReportRow> {
  const { user, values } = placeholderUser(ctx.user);
  const find = () => findReportQuery(ctx.db, sql.placeholder('reportId'), user);
  const [row] = await preparedQuery(ctx.db, `findReport|${ruleShapeCode(ctx.user)}`, find, { ...values, reportId });
  if (!row) throw notFound();
  return row.report;
}

/** findReport as one read of a request's batch (db/reads.ts); its result throws the 404. */
export function findReportRead(ctx: UserServiceContext, reportId: number) {
  return read([findReportQuery(ctx.db, reportId, ctx.user)], ([[row]]): ReportRow => {
    if (!row) throw notFound();
    return row.report;
  });
}

function findReportQuery(db: UserServiceContext['db'], reportId: number | ReturnType<typeof sql.placeholder>, user: SessionUser) {
  return db
    .select({ report: reports })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(reports.id, reportId as number), visibleReports(user)));
}

/**
 * The rule shapes of visibleReports as numbers, in the order visibleReports decides them: root,
 * company admin with a company, report editor, reader. (Root and admin users are editors too.)
 */
export function ruleShapeCode(user: SessionUser): 1 | 2 | 3 | 4 {
  if (user.isRoot) return 1;
  if (user.isCompanyAdmin && user.companyId !== null) return 2;
  return isReportEditor(user) ? 3 : 4;
}

/**
 * Whether the user of the row being selected (`users`, joined in the session lookup) may see the
 * report `reportId`, as one column of that lookup (issue 20: the report data call's access check
 * in the session's round trip). The value is `10 × shape + visible`: the shape picked by SQL over
 * the same columns the session user is made of (users.is_root, the company-admin row, the
 * dashboard.edit role), and `visible` (0/1) from **the same SQL as findReport** for that shape —
 * visibleReports for a user whose id and company id are the row's columns. The caller trusts the
 * answer only when the shape equals ruleShapeCode of the user built from the same row
 * (readReportAccess), so the rule cannot drift from visibleReports.
 */
export function reportAccessColumn(reportId: number | ReturnType<typeof sql.placeholder>): SQL<number> {
  const id = sql`${users.id}` as unknown as number;
  const companyId = sql`${users.companyId}` as unknown as number;
  const as = (shape: Partial<SessionUser>): SessionUser => ({ id, companyId, groupId: 0, email: '', fullname: '', isRoot: false, isCompanyAdmin: false, roles: [], mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: false, ...shape });
  const visible = (user: SessionUser) =>
    sql`exists(select 1 from ${reports} inner join ${projects} on ${projects.id} = ${reports.projectId} where ${reports.id} = ${reportId} and ${visibleReports(user)})`;
  const admin = sql`exists(select 1 from ${companyAdmins} where ${companyAdmins.userId} = ${users.id} and ${companyAdmins.companyId} = ${users.companyId})`;
  const editor = sql`exists(select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.name} = ${'dashboard.edit' satisfies Role})`;
  return sql<number>`case when ${users.isRoot} then 10 + ${visible(as({ isRoot: true }))}
    when ${admin} then 20 + ${visible(as({ isCompanyAdmin: true }))}
    when ${editor} then 30 + ${visible(as({ roles: ['dashboard.edit'] }))}
    else 40 + ${visible(as({}))} end`;
}

/** reportAccessColumn's value for this user: true/false, or null when its shape is not the user's (then ask findReport). */
export function readReportAccess(user: SessionUser, value: number | null): boolean | null {
  if (value === null || Math.floor(value / 10) !== ruleShapeCode(user)) return null;
  return value % 10 === 1;
}

/** The check the session lookup answers along (auth/sessions.ts), handed in by middleware/session.ts. */
export const sessionReportAccess: ReportAccessRule = { column: reportAccessColumn, read: readReportAccess };

export async function findSection(ctx: UserServiceContext, sectionId: number): Promise<{ report: ReportRow; section: SectionRow }> {
  const [row] = await ctx.db.select().from(reportSections).where(eq(reportSections.id, sectionId));
  if (!row) throw notFound();
  return { report: await findReport(ctx, row.reportId), section: row };
}

/** The section if it belongs to the report (404 otherwise). */
export async function findReportSection(ctx: UserServiceContext, reportId: number, sectionId: number) {
  const found = await findSection(ctx, sectionId);
  if (found.report.id !== reportId) throw notFound();
  return found;
}

export async function findChart(ctx: UserServiceContext, chartId: number): Promise<{ report: ReportRow; section: SectionRow; chart: ChartRow }> {
  const [row] = await ctx.db.select().from(reportCharts).where(eq(reportCharts.id, chartId));
  if (!row) throw notFound();
  return { ...(await findSection(ctx, row.sectionId)), chart: row };
}

export async function findDataLocation(ctx: UserServiceContext, id: number) {
  const [row] = await ctx.db.select().from(reportDataLocations).where(eq(reportDataLocations.id, id));
  if (!row) throw notFound();
  return { ...(await findChart(ctx, row.chartId)), dataLocation: row };
}

export async function findBookmark(ctx: UserServiceContext, reportId: number, bookmarkId: number) {
  const report = await findReport(ctx, reportId);
  const [row] = await ctx.db.select().from(reportBookmarks).where(and(eq(reportBookmarks.id, bookmarkId), eq(reportBookmarks.reportId, reportId)));
  if (!row) throw notFound();
  return { report, bookmark: row };
}

export async function findChartOption(ctx: UserServiceContext, chartId: number, optionId: number) {
  const found = await findChart(ctx, chartId);
  const [row] = await ctx.db.select().from(reportChartOptions).where(and(eq(reportChartOptions.id, optionId), eq(reportChartOptions.chartId, chartId)));
  if (!row) throw notFound();
  return { ...found, option: row };
}

export async function findText(ctx: UserServiceContext, textId: number) {
  const [row] = await ctx.db.select().from(reportTexts).where(eq(reportTexts.id, textId));
  if (!row) throw notFound();
  return { report: await findReport(ctx, row.reportId), text: row };
}

export async function findWidget(ctx: UserServiceContext, widgetId: number) {
  const [row] = await ctx.db.select().from(reportWidgets).where(eq(reportWidgets.id, widgetId));
  if (!row) throw notFound();
  return { report: await findReport(ctx, row.reportId), widget: row };
}
