import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { UserServiceContext } from '../../context';
import { companies, jobs, loginLogs, panels, panelUsers, projects, projectUsers, reportCharts, reportDataLocations, reports, reportSections, surveys, users, invites } from '../../db/schema';
import { looseEndsNl as t } from '../../../shared/i18n/admin-loose-ends';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { adminCompany, requireAdminRole } from './scope';
import { LOOSE_END_TYPES, type LooseEnd, type LooseEndType } from './loose-end-types';

const LIMIT = 200;
const DAY = 86_400_000;
const within = (column: SQL | SQLiteColumn, company: number | null) => (company === null ? undefined : sql`${column} = ${company}`);
const reportCompany = sql`(select ${projects.companyId} from ${projects} where ${projects.id} = ${reports.projectId})`;
const sectionCompany = sql`(select p.company_id from ${reports} r join ${projects} p on p.id = r.project_id where r.id = ${reportSections.reportId})`;
const chartCompany = sql`(select p.company_id from ${reportSections} s join ${reports} r on r.id = s.report_id join ${projects} p on p.id = r.project_id where s.id = ${reportCharts.sectionId})`;
const aliveReportOfSection = sql`exists(select 1 from ${reports} r join ${projects} p on p.id = r.project_id where r.id = ${reportSections.reportId} and r.deleted_at is null and p.deleted_at is null)`;

/** The queries of every type, read in one batch (DataLocation's question check reads the surveys after). */
function queries(ctx: UserServiceContext, company: number | null, now: Date) {
  const db = ctx.db;
  const monthAgo = now.getTime() - 30 * DAY;
  return [
    db
      .select({ id: reports.id, title: reports.title, company: reportCompany, projectDeleted: sql<number | null>`(select deleted_at from ${projects} where ${projects.id} = ${reports.projectId})`, sections: sql<number>`(select count(*) from ${reportSections} where ${reportSections.reportId} = "reports"."id")` })
      .from(reports)
      .where(and(isNull(reports.deletedAt), within(reportCompany, company), sql`((select deleted_at from ${projects} where ${projects.id} = ${reports.projectId}) is not null or not exists(select 1 from ${reportSections} where ${reportSections.reportId} = "reports"."id"))`))
      .limit(LIMIT),
    db.select({ id: companies.id, title: companies.name }).from(companies).where(and(isNull(companies.deletedAt), within(sql`${companies.id}`, company), sql`not exists(select 1 from ${users} where ${users.companyId} = "companies"."id" and ${users.deletedAt} is null)`)).limit(LIMIT),
    db
      .select({ id: reportSections.id, title: reportSections.title, company: sectionCompany, report: sql<string>`(select title from ${reports} where ${reports.id} = ${reportSections.reportId})` })
      .from(reportSections)
      .where(and(aliveReportOfSection, within(sectionCompany, company), sql`not exists(select 1 from ${reportCharts} where ${reportCharts.sectionId} = "report_sections"."id")`))
      .limit(LIMIT),
    db
      .select({ id: reportCharts.id, title: reportCharts.title, company: chartCompany })
      .from(reportCharts)
      .where(and(within(chartCompany, company), sql`exists(select 1 from ${reportSections} s join ${reports} r on r.id = s.report_id where s.id = ${reportCharts.sectionId} and r.deleted_at is null)`, sql`not exists(select 1 from ${reportDataLocations} where ${reportDataLocations.chartId} = ${reportCharts.id})`))
      .limit(LIMIT),
    db.select({ id: projects.id, title: projects.title, company: projects.companyId }).from(projects).where(and(isNull(projects.deletedAt), within(projects.companyId, company), sql`not exists(select 1 from ${projectUsers} where ${projectUsers.projectId} = "projects"."id")`)).limit(LIMIT),
    db
      .select({ id: users.id, title: users.fullname, email: users.email, company: users.companyId, invited: sql<number>`exists(select 1 from ${invites} where ${invites.email} = "users"."email" and ${invites.acceptedAt} is null and ${invites.expiresAt} < ${now.getTime()})` })
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.isRoot, false), within(sql`${users.companyId}`, company), sql`not exists(select 1 from ${loginLogs} where ${loginLogs.userId} = "users"."id")`, sql`(exists(select 1 from ${invites} where ${invites.email} = "users"."email" and ${invites.acceptedAt} is null and ${invites.expiresAt} < ${now.getTime()}) or ${users.createdAt} < ${monthAgo})`))
      .limit(LIMIT),
    db.select({ id: panels.id, title: panels.name, company: panels.companyId }).from(panels).where(and(isNull(panels.deletedAt), within(panels.companyId, company), sql`not exists(select 1 from ${panelUsers} where ${panelUsers.panelId} = "panels"."id")`)).limit(LIMIT),
    // Jobs carry no organisation: an organisation's admin sees the failed jobs its own users started.
    db
      .select({ id: jobs.id, kind: jobs.kind, error: jobs.error, company: sql<number | null>`(select company_id from ${users} where ${users.id} = ${jobs.createdBy})`, finishedAt: jobs.finishedAt })
      .from(jobs)
      .where(and(eq(jobs.status, 'failed'), within(sql`(select company_id from ${users} where ${users.id} = ${jobs.createdBy})`, company)))
      .limit(LIMIT),
    db
      .select({ id: reportDataLocations.id, columnKey: reportDataLocations.columnKey, surveyId: reportDataLocations.surveyId, surveyDeleted: surveys.deletedAt, chart: reportCharts.title, company: chartCompany })
      .from(reportDataLocations)
      .innerJoin(surveys, eq(surveys.id, reportDataLocations.surveyId))
      .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
      .where(and(within(chartCompany, company), sql`exists(select 1 from ${reportSections} s join ${reports} r on r.id = s.report_id where s.id = ${reportCharts.sectionId} and r.deleted_at is null)`))
      .limit(5000),
  ] as const;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** GET admin/looseEnds: records that lost their purpose, per type, each with why and what deleting removes. */
export async function listLooseEnds(ctx: UserServiceContext): Promise<Record<LooseEndType, LooseEnd[]>> {
  requireAdminRole(ctx.user, 'admin.view');
  const company = adminCompany(ctx.user);
  const [rep, comp, sec, chart, proj, usr, pan, job, loc] = await ctx.db.batch(queries(ctx, company, ctx.now));
  const out = Object.fromEntries(LOOSE_END_TYPES.map((k) => [k, [] as LooseEnd[]])) as Record<LooseEndType, LooseEnd[]>;
  out.Report = rep.map((r) => ({ type: 'Report', id: r.id, title: r.title, company_id: num(r.company), reason: r.projectDeleted !== null ? t.reasons.reportProjectDeleted : t.reasons.reportNoSections, removes: t.removes.report }));
  out.Company = comp.map((c) => ({ type: 'Company', id: c.id, title: c.title, company_id: c.id, reason: t.reasons.companyNoUsers, removes: t.removes.company }));
  out.Section = sec.map((s) => ({ type: 'Section', id: s.id, title: s.title, company_id: num(s.company), reason: t.reasons.sectionNoCharts(s.report), removes: t.removes.section }));
  out.Chart = chart.map((c) => ({ type: 'Chart', id: c.id, title: c.title, company_id: num(c.company), reason: t.reasons.chartNoData, removes: t.removes.chart }));
  out.Project = proj.map((p) => ({ type: 'Project', id: p.id, title: p.title, company_id: p.company, reason: t.reasons.projectNoMembers, removes: t.removes.project }));
  out.User = usr.map((u) => ({ type: 'User', id: u.id, title: `${u.title} (${u.email})`, company_id: u.company, reason: Number(u.invited) ? t.reasons.userInviteExpired : t.reasons.userNeverLoggedIn, removes: t.removes.user }));
  out.Panel = pan.map((p) => ({ type: 'Panel', id: p.id, title: p.title, company_id: p.company, reason: t.reasons.panelNoMembers, removes: t.removes.panel }));
  out.FailedJob = job.map((j) => ({ type: 'FailedJob', id: j.id, title: t.jobTitle(j.id, j.kind, j.finishedAt), company_id: num(j.company), reason: t.reasons.jobFailed, removes: t.removes.job, error: j.error, restartable: true }));
  out.DataLocation = await brokenLocations(ctx, loc);
  return out;
}

type LocationRow = { id: number; columnKey: string; surveyId: number; surveyDeleted: Date | null; chart: string; company: unknown };

/** A data location whose survey is deleted or whose column is no longer a question of the survey. */
async function brokenLocations(ctx: UserServiceContext, rows: LocationRow[]): Promise<LooseEnd[]> {
  const out: LooseEnd[] = [];
  const columnsBySurvey = new Map<number, Set<string> | null>();
  for (const surveyId of new Set(rows.filter((r) => !r.surveyDeleted).map((r) => r.surveyId))) {
    const loaded = await loadSurveyColumns(ctx.db, surveyId).catch(() => null);
    columnsBySurvey.set(surveyId, loaded ? new Set(columnKeys(loaded.columns)) : null);
  }
  for (const r of rows) {
    const columns = columnsBySurvey.get(r.surveyId);
    const reason = r.surveyDeleted || columns === null ? t.reasons.locationSurveyDeleted : columns && !knownColumn(columns, r.columnKey) ? t.reasons.locationQuestionGone(r.columnKey) : null;
    if (reason) out.push({ type: 'DataLocation', id: r.id, title: t.locationTitle(r.chart, r.columnKey), company_id: num(r.company), reason, removes: t.removes.location });
    if (out.length >= LIMIT) break;
  }
  return out;
}

/** A data location names a response column, or a multiple-choice question whose columns are `${code}_${sub}`. */
export function knownColumn(columns: Set<string>, key: string): boolean {
  if (columns.has(key)) return true;
  for (const c of columns) if (c.startsWith(`${key}_`)) return true;
  return false;
}

function columnKeys(columns: unknown): string[] {
  const list = Array.isArray(columns) ? columns : columns instanceof Map ? [...columns.values()] : Object.values(columns as object);
  return list.flatMap((c: { key?: string; code?: string }) => [c.key, c.code].filter((x): x is string => typeof x === 'string'));
}
