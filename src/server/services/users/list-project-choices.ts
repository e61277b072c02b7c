import { asc } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { visibleProjects } from '../projects/scope';

/** The projects the actor sees, with their company: what a demo account or a user can be added to. */
export function listProjectChoices(ctx: UserServiceContext) {
  return ctx.db
    .select({ id: projects.id, title: projects.title, company_id: projects.companyId })
    .from(projects)
    .where(visibleProjects(ctx.user))
    .orderBy(asc(projects.title), asc(projects.id));
}
