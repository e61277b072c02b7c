import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicators } from '../../db/schema';
import { findIndicator, requireIndicatorRole } from './access';

/** DELETE indicator/{id}: the indicator and its notices. */
export async function deleteIndicator(ctx: UserServiceContext, indicatorId: number): Promise<void> {
  requireIndicatorRole(ctx.user, 'notification.edit');
  await findIndicator(ctx, indicatorId);
  await ctx.db.delete(indicators).where(eq(indicators.id, indicatorId));
}
