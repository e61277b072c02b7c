import { desc, eq } from 'drizzle-orm';
import { loginLogs, users } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { read, readOne } from '../../db/reads';

export interface LoginLogSummary {
  previous_login_at: string | null;
  previous_from_ip: string | null;
  password_change_at: string | null;
  current_login_id: number | null;
}

/** The login before the current one (the current login is the newest row). */
export async function getLoginLog(ctx: UserServiceContext): Promise<LoginLogSummary> {
  return readOne(ctx.db, loginLogRead(ctx));
}

/** getLoginLog's queries, to share a request's batch (db/reads.ts). */
export function loginLogRead(ctx: UserServiceContext) {
  return read([
    ctx.db
      .select({ id: loginLogs.id, at: loginLogs.loggedInAt, ip: loginLogs.ip })
      .from(loginLogs)
      .where(eq(loginLogs.userId, ctx.user.id))
      .orderBy(desc(loginLogs.loggedInAt), desc(loginLogs.id))
      .limit(2),
    ctx.db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(eq(users.id, ctx.user.id)),
  ], ([recent, [user]]): LoginLogSummary => {
    const previous = recent[1];
    return {
      previous_login_at: previous?.at.toISOString() ?? null,
      previous_from_ip: previous?.ip ?? null,
      password_change_at: user?.passwordChangedAt?.toISOString() ?? null,
      current_login_id: recent[0]?.id ?? null,
    };
  });
}
