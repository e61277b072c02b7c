import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';

/** The user's feedback columns (a query builder, so the shell can batch it). */
export function feedbackRow(ctx: UserServiceContext) {
  return ctx.db.select({ after: users.requestFeedbackAfter, dontAsk: users.feedbackDontAsk }).from(users).where(eq(users.id, ctx.user.id));
}

/** Asked once the moment has come, never after 'Vraag mij niet opnieuw'. */
export function feedbackDue(row: { after: Date | null; dontAsk: boolean } | undefined, now: Date): boolean {
  return !!row && !row.dontAsk && row.after !== null && row.after <= now;
}

/** request_feedback for the shell (same rule as bootstrap's user block). */
export async function getFeedbackRequest(ctx: UserServiceContext): Promise<boolean> {
  const [row] = await feedbackRow(ctx);
  return feedbackDue(row, ctx.now);
}
