import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectStatuses } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';

/** 422 on status_id unless the project status exists (a database lookup). */
export async function checkProjectStatus(ctx: UserServiceContext, statusId: number): Promise<void> {
  const [status] = await ctx.db.select({ id: projectStatuses.id }).from(projectStatuses).where(eq(projectStatuses.id, statusId));
  if (!status) throw new AppError('VALIDATION', nl.validation, { status_id: [projectsNl.unknownLookup] });
}
