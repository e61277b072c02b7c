import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';

/**
 * request_feedback for the shell (same rule as bootstrap's user block): asked once the moment
 * has come, never after 'Vraag mij niet opnieuw'.
 */
export async function getFeedbackRequest(ctx: UserServiceContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ after: users.requestFeedbackAfter, dontAsk: users.feedbackDontAsk })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  return !!row && !row.dontAsk && row.after !== null && row.after <= ctx.now;
}
