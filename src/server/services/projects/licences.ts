import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { licences, projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import type { LicenceInput, LicenceUpdate } from '../../../shared/validation/projects';
import { findProject, notFound, requireProjectRole, touchProject } from './access';
import { presentLicence } from './present';
import { visibleProjects } from './scope';

/** A licence of a project the user may open, else 404. */
async function findLicence(ctx: UserServiceContext, projectId: number, licenceId: number) {
  const [row] = await ctx.db
    .select({ licence: licences })
    .from(licences)
    .innerJoin(projects, eq(projects.id, licences.projectId))
    .where(and(eq(licences.id, licenceId), eq(licences.projectId, projectId), visibleProjects(ctx.user)));
  if (!row) throw notFound();
  return row.licence;
}

/** GET project/{id}/license/{lid} */
export async function getLicence(ctx: UserServiceContext, projectId: number, licenceId: number) {
  requireProjectRole(ctx.user, 'project.view');
  return presentLicence(await findLicence(ctx, projectId, licenceId), ctx.now);
}

/** POST project/{id}/license: a new licence period (e.g. the yearly renewal). */
export async function createLicence(ctx: UserServiceContext, projectId: number, input: LicenceInput) {
  requireProjectRole(ctx.user, 'project.edit');
  await findProject(ctx, projectId);
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(licences).values({ projectId, startDate: input.start_date, endDate: input.end_date, note: input.note ?? '' }).returning(),
    touchProject(ctx, projectId),
  ]);
  return presentLicence(row!, ctx.now);
}

/**
 * PUT project/{id}/license/{lid}: start, end, note. A new end date starts the reminders of that
 * date afresh (the 60- and 14-day mails are sent once per end date).
 */
export async function updateLicence(ctx: UserServiceContext, projectId: number, licenceId: number, input: LicenceUpdate) {
  requireProjectRole(ctx.user, 'project.edit');
  const current = await findLicence(ctx, projectId, licenceId);
  const start = input.start_date ?? current.startDate;
  const end = input.end_date ?? current.endDate;
  if (start > end) throw new AppError('VALIDATION', nl.validation, { end_date: [projectsNl.dateOrder] });
  const moved = end !== current.endDate;
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(licences)
      .set({ startDate: start, endDate: end, note: input.note, ...(moved ? { reminded60At: null, reminded14At: null } : {}), updatedAt: ctx.now })
      .where(eq(licences.id, licenceId))
      .returning(),
    touchProject(ctx, projectId),
  ]);
  return presentLicence(row!, ctx.now);
}

/** DELETE project/{id}/license/{lid} */
export async function deleteLicence(ctx: UserServiceContext, projectId: number, licenceId: number): Promise<void> {
  requireProjectRole(ctx.user, 'project.edit');
  await findLicence(ctx, projectId, licenceId);
  await ctx.db.batch([ctx.db.delete(licences).where(eq(licences.id, licenceId)), touchProject(ctx, projectId)]);
}
