import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { visibleReports } from '../reports/access';
import { presentReport } from '../reports/present';
import { notFound, requireProjectRole } from './access';
import { PROJECT_LEADER_ROLE } from './list-projects';
import {
  licencesQuery,
  membersQuery,
  presentLicence,
  presentMember,
  presentProject,
  presentProjectSurvey,
  projectQuery,
  projectSurveysQuery,
  subProjectsQuery,
  type LicenceRow,
  type MemberRow,
  type PresentedProject,
  type ProjectSurveyRow,
} from './present';
import { visibleProjects } from './scope';
import { readOne, type Read } from '../../db/reads';

export const PROJECT_INCLUDES = ['subProjects', 'reports', 'users', 'admins', 'surveys', 'licenses', 'parent'] as const;
type Include = (typeof PROJECT_INCLUDES)[number];

export function projectIncludes(include = ''): Set<Include> {
  const asked = new Set(include.split(',').map((s) => s.trim()));
  return new Set(PROJECT_INCLUDES.filter((i) => asked.has(i)));
}

/** The reports of a project the user sees (readers: published ones), not archived, by title. */
export const projectReportsQuery = (ctx: UserServiceContext, projectId: number) =>
  ctx.db
    .select({ report: reports })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(reports.projectId, projectId), visibleReports(ctx.user), isNull(reports.archivedAt)))
    .orderBy(asc(reports.title), asc(reports.id));

const parentQuery = (ctx: UserServiceContext, parentOf: number) => {
  const child = ctx.db.select({ parent: projects.parentProjectId }).from(projects).where(eq(projects.id, parentOf));
  return ctx.db.select({ id: projects.id, title: projects.title }).from(projects).where(and(eq(projects.id, child), visibleProjects(ctx.user)));
};

export type ProjectDetail = PresentedProject & {
  subProjects?: PresentedProject[];
  reports?: ReturnType<typeof presentReport>[];
  users?: ReturnType<typeof presentMember>[];
  admins?: ReturnType<typeof presentMember>[];
  surveys?: ReturnType<typeof presentProjectSurvey>[];
  licenses?: ReturnType<typeof presentLicence>[];
  parent?: { id: number; title: string } | null;
};

/**
 * GET project/{id}[?include=subProjects,reports,users,admins,surveys,licenses,parent]: the project
 * and the parts asked for, read in one round trip. Every part is scoped like the project itself.
 */
export async function getProject(ctx: UserServiceContext, projectId: number, include = ''): Promise<ProjectDetail> {
  return readOne(ctx.db, projectRead(ctx, projectId, include));
}

/** getProject as one read of a request's batch (db/reads.ts); its result throws the 404 before any part is used. */
export function projectRead(ctx: UserServiceContext, projectId: number, include = ''): Read<ProjectDetail> {
  requireProjectRole(ctx.user, 'project.view');
  const want = projectIncludes(include);
  const parts: [Include, BatchItem<'sqlite'>][] = [];
  if (want.has('subProjects')) parts.push(['subProjects', subProjectsQuery(ctx.db, ctx.user, projectId)]);
  if (want.has('reports')) parts.push(['reports', projectReportsQuery(ctx, projectId)]);
  if (want.has('users')) parts.push(['users', membersQuery(ctx.db, ctx.user, projectId)]);
  if (want.has('admins')) parts.push(['admins', membersQuery(ctx.db, ctx.user, projectId, PROJECT_LEADER_ROLE)]);
  if (want.has('surveys')) parts.push(['surveys', projectSurveysQuery(ctx.db, ctx.user, projectId)]);
  if (want.has('licenses')) parts.push(['licenses', licencesQuery(ctx.db, ctx.user, projectId)]);
  if (want.has('parent')) parts.push(['parent', parentQuery(ctx, projectId)]);
  return { queries: [projectQuery(ctx.db, ctx.user, projectId), ...parts.map(([, q]) => q)], present: (all) => {
    const [rows, ...results] = all as unknown[][];
    const row = (rows as Parameters<typeof presentProject>[0][])[0];
    if (!row) throw notFound();
    const out: ProjectDetail = presentProject(row, ctx.now);
    parts.forEach(([name], i) => {
      const list = results[i]!;
      if (name === 'subProjects') out.subProjects = (list as Parameters<typeof presentProject>[0][]).map((p) => presentProject(p, ctx.now));
      if (name === 'reports') out.reports = (list as { report: typeof reports.$inferSelect }[]).map((r) => presentReport(r.report));
      if (name === 'users' || name === 'admins') out[name] = (list as MemberRow[]).map(presentMember);
      if (name === 'surveys') out.surveys = (list as ProjectSurveyRow[]).map(presentProjectSurvey).sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl'));
      if (name === 'licenses') out.licenses = (list as { licence: LicenceRow }[]).map((l) => presentLicence(l.licence, ctx.now));
      if (name === 'parent') out.parent = (list as { id: number; title: string }[])[0] ?? null;
    });
    return out;
  } };
}
