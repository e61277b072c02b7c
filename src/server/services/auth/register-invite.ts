import { and, eq, isNull } from 'drizzle-orm';
import type { SessionMeta } from '../../auth/sessions';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { invites } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { accountMessages, type InviteRegisterInput } from '../../../shared/validation/auth';
import { createAccount } from './create-account';
import { findOpenInvite } from './find-invite';
import { startSession } from './start-session';

/** POST invite/register: the invitation is used once; the new user is logged in. */
export async function registerInvite(ctx: ServiceContext, input: InviteRegisterInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  const invite = await findOpenInvite(ctx, input.token);
  const invalid = () => new AppError('VALIDATION', accountMessages.inviteInvalid, { token: [accountMessages.inviteInvalid] });
  if (!invite) throw invalid();
  const claim = await ctx.db
    .update(invites)
    .set({ acceptedAt: ctx.now })
    .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt)));
  if (claim.rowsAffected !== 1) throw invalid();
  try {
    const userId = await createAccount(
      ctx.db,
      { companyId: invite.companyId, groupId: invite.groupId, email: invite.email, fullname: input.fullname, password: input.password },
      ctx.now,
    );
    return await startSession(ctx.db, userId, meta, ctx.now, `Account aangemaakt via uitnodiging en ingelogd (${invite.email})`);
  } catch (err) {
    // Nothing half-written: the invitation stays usable when the account could not be made.
    await ctx.db.update(invites).set({ acceptedAt: null }).where(eq(invites.id, invite.id));
    throw err;
  }
}
