import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';

/** Does the user get mails about new project messages? (own profile, users.message_mails) */
export async function getMessageMails(ctx: UserServiceContext): Promise<boolean> {
  const [row] = await ctx.db.select({ on: users.messageMails }).from(users).where(eq(users.id, ctx.user.id));
  return row?.on ?? true;
}
