import { asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, licences, projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { presentLicence } from './present';
import { visibleProjects } from './scope';

/**
 * GET license (/manage/license, user.access or company.access): the licences of every project
 * the user may open, with project, organisation and state; ending soonest first.
 */
export async function listLicences(ctx: UserServiceContext) {
  if (!hasRole(ctx.user, ['user.access', 'company.access'])) throw new AppError('FORBIDDEN', nl.forbidden);
  const rows = await ctx.db
    .select({ licence: licences, project: projects.title, company: companies.name })
    .from(licences)
    .innerJoin(projects, eq(projects.id, licences.projectId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(visibleProjects(ctx.user))
    .orderBy(asc(licences.endDate), sql`${projects.title} collate nocase`, asc(licences.id));
  return rows.map((r) => ({ ...presentLicence(r.licence, ctx.now), project: r.project, company: r.company }));
}
