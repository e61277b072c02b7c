import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/password';
import { createSession, type SessionMeta } from '../../auth/sessions';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserServiceContext } from '../../context';
import { accountMessages, type PasswordChangeInput } from '../../../shared/validation/auth';
import { verifyOwnPassword } from './verify-own-password';

/** POST password/change: current password required; all sessions end and this one is renewed. */
export async function changePassword(ctx: UserServiceContext, input: PasswordChangeInput, meta: SessionMeta) {
  await verifyOwnPassword(ctx, input.current_password, 'current_password');
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id));
  if (row && (await verifyPassword(input.password, row.hash))) {
    throw new AppError('VALIDATION', accountMessages.passwordReused, { password: [accountMessages.passwordReused] });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: ctx.now, mustChangePassword: false }).where(eq(users.id, ctx.user.id)),
    ctx.db.delete(sessions).where(eq(sessions.userId, ctx.user.id)),
    auditRow({ ...ctx, ip: meta.ip }, { action: 'auth.password.change', resource: 'user', resourceId: ctx.user.id, summary: 'Eigen wachtwoord gewijzigd; alle sessies beëindigd' }),
  ]);
  return createSession(ctx.db, ctx.user.id, meta, ctx.now);
}
