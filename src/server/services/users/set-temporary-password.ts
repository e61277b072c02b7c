import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { UserServiceContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { usersNl } from '../../../shared/i18n/users';
import { generatePassword } from '../../../shared/password-generator';
import type { TemporaryPasswordInput } from '../../../shared/validation/users';
import { assertNotSelf, findManagedUser } from './access';

/**
 * PUT user/{id}/password (user.edit): an admin gives a user a temporary password (typed, or
 * generated and answered once); the user's sessions end and they must choose a new one at login.
 */
export async function setTemporaryPassword(ctx: UserServiceContext, id: number, input: TemporaryPasswordInput) {
  const target = await findManagedUser(ctx, id, 'user.edit');
  assertNotSelf(ctx, id, usersNl.selfPassword);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: ctx.now, mustChangePassword: true }).where(eq(users.id, id)),
    ctx.db.delete(sessions).where(eq(sessions.userId, id)),
    auditRow(ctx, { action: 'user.password.temporary', resource: 'user', resourceId: id, companyId: target.companyId, summary: `Tijdelijk wachtwoord gegeven aan ${target.fullname}; sessies beëindigd` }),
  ]);
  // Only a generated password is sent back: the admin typed the other one themselves.
  return { id, must_change_password: true, password: input.password === undefined ? password : null };
}
