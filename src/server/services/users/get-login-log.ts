import { desc, eq, sql } from 'drizzle-orm';
import { loginLogs, users } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { combine, read, readOne } from '../../db/reads';
import { preparedQuery } from '../../db/prepared';

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
  const user = ctx.db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(eq(users.id, ctx.user.id));
  return combine(recentLoginsRead(ctx), read([user], ([[row]]) => row?.passwordChangedAt ?? null), (summary, changedAt) => summary(changedAt));
}

/**
 * The login log without the user's row, for a batch that reads the user's row anyway (bootstrap):
 * give it the password change time.
 */
export function recentLoginsRead(ctx: UserServiceContext) {
  const recent = preparedQuery(
    ctx.db,
    'recentLogins',
    () =>
      ctx.db
        .select({ id: loginLogs.id, at: loginLogs.loggedInAt, ip: loginLogs.ip })
        .from(loginLogs)
        .where(eq(loginLogs.userId, sql.placeholder('userId')))
        .orderBy(desc(loginLogs.loggedInAt), desc(loginLogs.id))
        .limit(2),
    { userId: ctx.user.id },
  );
  return read([recent], ([rows]) => (passwordChangedAt: Date | null): LoginLogSummary => {
    const previous = rows[1];
    return {
      previous_login_at: previous?.at.toISOString() ?? null,
      previous_from_ip: previous?.ip ?? null,
      password_change_at: passwordChangedAt?.toISOString() ?? null,
      current_login_id: rows[0]?.id ?? null,
    };
  });
}
