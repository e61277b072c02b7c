import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterConditions } from '../../db/schema';
import { findCondition, requireFilterRole } from './access';

/** DELETE …/filterCondition/{id} */
export async function deleteFilterCondition(ctx: UserServiceContext, categoryId: number, optionId: number, conditionId: number): Promise<void> {
  requireFilterRole(ctx.user, true);
  await findCondition(ctx, categoryId, optionId, conditionId);
  await ctx.db.delete(filterConditions).where(eq(filterConditions.id, conditionId));
}
