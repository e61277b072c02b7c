import { and, eq, isNull } from 'drizzle-orm';
import type { SessionMeta } from '../../auth/sessions';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { generateToken, hashToken } from '../../auth/tokens';
import { passwordResets, users } from '../../db/schema';
import type { ServiceContext } from '../../context';
import { accountMail } from '../../../shared/i18n/accounts';
import type { PasswordEmailInput } from '../../../shared/validation/auth';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * POST password/email. The caller always gets the same answer; only a known, active account
 * receives a message with a single-use link valid for 60 minutes.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: PasswordEmailInput, meta: SessionMeta, origin: string) {
  await consumeAttempt(ctx.db, THROTTLES.passwordEmailIp, meta.ip, ctx.now);
  await consumeAttempt(ctx.db, THROTTLES.passwordEmailAccount, input.email, ctx.now);
  const [user] = await ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return;
  const token = generateToken();
  await ctx.db.insert(passwordResets).values({
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(ctx.now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  await ctx.mailer.send({ to: user.email, ...accountMail.passwordReset(user.fullname, `${origin}/portal/password/reset/${token}`) });
}
