import { auditRow } from '../audit/audit-row';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { generateToken, hashToken } from '../../auth/tokens';
import { companies, invites, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { UserServiceContext } from '../../context';
import { and, eq, isNull } from 'drizzle-orm';
import { accountMail } from '../../../shared/i18n/accounts';
import { GROUPS, groupName, hasRole } from '../../../shared/permissions';
import { accountMessages, type InviteInput } from '../../../shared/validation/auth';
import { inviteColumns } from './invite-scope';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST invite: a single-use registration link by e-mail, valid 7 days. Staff invite into their
 * own company (root users into any) and never into a group with more rights than their own.
 */
export async function createInvite(ctx: UserServiceContext, input: InviteInput, origin: string) {
  if (!hasRole(ctx.user, 'user.create')) throw new AppError('FORBIDDEN', nl.forbidden);
  const companyId = ctx.user.isRoot ? (input.company_id ?? ctx.user.companyId) : ctx.user.companyId;
  if (!companyId || (!ctx.user.isRoot && input.company_id !== undefined && input.company_id !== companyId)) {
    throw new AppError('FORBIDDEN', nl.forbidden);
  }
  const groupId = input.group_id ?? GROUPS.Gebruiker;
  if (groupId < ctx.user.groupId) throw new AppError('FORBIDDEN', nl.forbidden);
  await consumeAttempt(ctx.db, THROTTLES.inviteUser, ctx.user.id, ctx.now);

  const [[company], [existing]] = await ctx.db.batch([
    ctx.db.select({ name: companies.name }).from(companies).where(and(eq(companies.id, companyId), isNull(companies.deletedAt))),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)),
  ]);
  if (!company) throw new AppError('NOT_FOUND', nl.notFound);
  if (existing) throw new AppError('CONFLICT', accountMessages.inviteExists, { email: [accountMessages.inviteExists] });

  const token = generateToken();
  const [[invite]] = await ctx.db.batch([
    ctx.db
    .insert(invites)
    .values({
      companyId,
      invitedBy: ctx.user.id,
      email: input.email,
      fullname: input.fullname ?? '',
      groupId,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS),
    })
    .returning(inviteColumns),
    auditRow(ctx, { action: 'invite.create', resource: 'invite', companyId, summary: `Uitnodiging verstuurd aan ${input.email} (groep ${groupName(groupId) ?? groupId})` }),
  ]);
  const link = `${origin}/portal/register/invite/${token}`;
  await ctx.mailer.send({ to: input.email, ...accountMail.invite(input.fullname ?? '', ctx.user.fullname, company.name, link) });
  return invite!;
}
