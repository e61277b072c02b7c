import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { sessions } from '../../db/schema';
import { auditRow } from '../audit/audit-row';

/** Logout: the session ends and, when it belonged to someone, the audit row says so (one batch). */
export async function logout(ctx: ServiceContext, sessionId: string | null) {
  if (!sessionId) return;
  if (!ctx.user) {
    await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
    return;
  }
  await ctx.db.batch([
    ctx.db.delete(sessions).where(eq(sessions.id, sessionId)),
    auditRow(ctx, { action: 'auth.logout', resource: 'user', resourceId: ctx.user.id, summary: 'Uitgelogd' }),
  ]);
}
