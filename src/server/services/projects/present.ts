import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { licences, projectRoles, projects, projectStatuses, projectSurveys, projectUsers, reports, surveys, users } from '../../db/schema';
import { visibleReports } from '../reports/access';
import { displayTitle } from '../surveys/present';
import { daysUntil, licenceEndDateStyle, type LicenceStyle } from './licence-status';
import { projectSummaryColumns, toProjectSummary, unreadMessages } from './project-summary';
import { visibleProjects } from './scope';

/** Reports of the project this user sees (a reader's count leaves out what they can't open). */
export const visibleReportsCount = (user: SessionUser) =>
  sql<number>`(select count(*) from ${reports} where ${reports.projectId} = ${projects.id} and ${visibleReports(user)})`;

/** The columns of GET project/{id} and its sub-project list: the summary plus the project's own fields. */
export const projectColumns = (user: SessionUser) => ({
  ...projectSummaryColumns,
  companyId: projects.companyId,
  statusId: projects.statusId,
  allowMessaging: projects.allowMessaging,
  createdAt: projects.createdAt,
  reportsCount: visibleReportsCount(user),
  unreadMessages: unreadMessages(user.id),
});

type ProjectColumnsRow = Parameters<typeof toProjectSummary>[0] & { companyId: number; statusId: number; allowMessaging: boolean; createdAt: Date; reportsCount: number };

export function presentProject(r: ProjectColumnsRow, now: Date) {
  return {
    ...toProjectSummary(r, now),
    company_id: r.companyId,
    status_id: r.statusId,
    allow_messaging: r.allowMessaging,
    reportsCount: Number(r.reportsCount),
    created_at: r.createdAt.toISOString(),
  };
}
export type PresentedProject = ReturnType<typeof presentProject>;

/** A project the user may open, with its summary columns (one query; empty when not visible). */
export const projectQuery = (db: Db, user: SessionUser, projectId: number) =>
  db
    .select(projectColumns(user))
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(and(eq(projects.id, projectId), visibleProjects(user)));

/** The visible sub-projects of a project, by title. */
export const subProjectsQuery = (db: Db, user: SessionUser, projectId: number) =>
  db
    .select(projectColumns(user))
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(and(eq(projects.parentProjectId, projectId), visibleProjects(user)))
    .orderBy(asc(projects.title), asc(projects.id));

/** Members of a visible project with their project role, by name. */
export const membersQuery = (db: Db, user: SessionUser, projectId: number, roleId?: number) =>
  db
    .select({ id: users.id, fullname: users.fullname, email: users.email, roleId: projectUsers.projectRoleId, role: projectRoles.name })
    .from(projectUsers)
    .innerJoin(users, and(eq(users.id, projectUsers.userId), isNull(users.deletedAt)))
    .innerJoin(projects, eq(projects.id, projectUsers.projectId))
    .leftJoin(projectRoles, eq(projectRoles.id, projectUsers.projectRoleId))
    .where(and(eq(projectUsers.projectId, projectId), visibleProjects(user), roleId === undefined ? undefined : eq(projectUsers.projectRoleId, roleId)))
    .orderBy(asc(users.fullname), asc(users.id));

export type MemberRow = { id: number; fullname: string; email: string; roleId: number | null; role: string | null };
export const presentMember = (m: MemberRow) => ({ id: m.id, fullname: m.fullname, email: m.email, project_role_id: m.roleId, project_role: m.role });

/** Surveys linked to a visible project (not deleted). */
export const projectSurveysQuery = (db: Db, user: SessionUser, projectId: number) =>
  db
    .select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid, baseLanguage: surveys.baseLanguage, companyId: surveys.companyId })
    .from(projectSurveys)
    .innerJoin(surveys, and(eq(surveys.id, projectSurveys.surveyId), isNull(surveys.deletedAt)))
    .innerJoin(projects, eq(projects.id, projectSurveys.projectId))
    .where(and(eq(projectSurveys.projectId, projectId), visibleProjects(user)));

export type ProjectSurveyRow = { id: number; title: string; lsSid: number | null; baseLanguage: string; companyId: number };
export const presentProjectSurvey = (s: ProjectSurveyRow) => ({ id: s.id, title: s.title, displayTitle: displayTitle(s), base_language: s.baseLanguage });

/** Licences of a visible project, latest end first. */
export const licencesQuery = (db: Db, user: SessionUser, projectId: number) =>
  db
    .select({ licence: licences })
    .from(licences)
    .innerJoin(projects, eq(projects.id, licences.projectId))
    .where(and(eq(licences.projectId, projectId), visibleProjects(user)))
    .orderBy(sql`${licences.endDate} desc`, sql`${licences.id} desc`);

export type LicenceRow = typeof licences.$inferSelect;
export type LicenceState = 'active' | 'warning' | 'error' | 'future';

/** A licence with its state: not started yet, running, ending within 60 days (warning), ended (error). */
export function presentLicence(l: LicenceRow, now: Date) {
  const style: LicenceStyle = licenceEndDateStyle(l.endDate, now);
  const state: LicenceState = style ?? (daysUntil(l.startDate, now) > 0 ? 'future' : 'active');
  return { id: l.id, project_id: l.projectId, start_date: l.startDate, end_date: l.endDate, note: l.note, license_end_date_style: style, state, updated_at: l.updatedAt.toISOString() };
}
