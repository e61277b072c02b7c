import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportDataLocations } from '../../db/schema';
import { findDataLocation, requireReportRole } from './access';

/** DELETE dataLocation/{id} */
export async function deleteDataLocation(ctx: UserServiceContext, id: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findDataLocation(ctx, id);
  await ctx.db.delete(reportDataLocations).where(eq(reportDataLocations.id, id));
}
