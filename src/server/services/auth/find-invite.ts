import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionMeta } from '../../auth/sessions';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { hashToken } from '../../auth/tokens';
import { companies, invites } from '../../db/schema';
import type { ServiceContext } from '../../context';

/** An open invitation by its token (for the registration page), or null. */
export async function findOpenInvite(ctx: ServiceContext, token: string) {
  if (!token || token.length > 128) return null;
  const [row] = await ctx.db
    .select({ id: invites.id, email: invites.email, fullname: invites.fullname, groupId: invites.groupId, companyId: invites.companyId, company: companies.name })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .where(and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, ctx.now)))
    .limit(1);
  return row ?? null;
}

/** The registration page's lookup, throttled like the token endpoints (guessing costs attempts). */
export async function previewInvite(ctx: ServiceContext, token: string, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  return findOpenInvite(ctx, token);
}
