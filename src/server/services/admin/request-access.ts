import { and, eq, isNull, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { accessRequests, companyAdmins, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { matchRoute } from '../../../shared/routes';
import { isPanelMemberGroup } from '../../../shared/permissions';
import type { AccessRequestInput } from '../../../shared/validation/admin';

/**
 * POST admin/requestAccess: a logged-in user asks for a page they may not open. The request is
 * stored for the overview and mailed to the organisation's admins (root users when it has none).
 */
export async function requestAccess(ctx: UserServiceContext, input: AccessRequestInput, origin: string) {
  // Panel members are citizens, not staff: they have nothing to ask the organisation's admins for.
  if (isPanelMemberGroup(ctx.user.groupId)) throw new AppError('FORBIDDEN', adminNl.access.panelMember);
  const path = input.path.split(/[?#]/)[0]!;
  if (!matchRoute(path)) throw new AppError('VALIDATION', nl.validation, { path: [adminNl.access.unknownPage] });
  const [open] = await ctx.db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, ctx.user.id), eq(accessRequests.path, path), eq(accessRequests.status, 'pending')));
  if (open) return { id: open.id, alert: adminNl.access.already };
  const [row] = await ctx.db.insert(accessRequests).values({ userId: ctx.user.id, companyId: ctx.user.companyId, path, reason: input.reason }).returning({ id: accessRequests.id });
  const admins = await ctx.db
    .selectDistinct({ email: users.email, isRoot: users.isRoot })
    .from(users)
    .leftJoin(companyAdmins, eq(companyAdmins.userId, users.id))
    .where(and(isNull(users.deletedAt), ctx.user.companyId === null ? eq(users.isRoot, true) : or(eq(companyAdmins.companyId, ctx.user.companyId), eq(users.isRoot, true))));
  // Root admins decide in the admin overview; an organisation's admin (a Beheerder, who cannot open
  // it) gives the role on the requester's user page.
  const mail = (root: boolean) => adminNl.access.mail(ctx.user.fullname, ctx.user.email, path, input.reason, root ? `${origin}/portal/admin/overview` : `${origin}/portal/manage/user/${ctx.user.id}`, root);
  for (const a of admins) if (a.email !== ctx.user.email) await ctx.mailer.send({ to: a.email, ...mail(a.isRoot) });
  return { id: row!.id, alert: adminNl.access.sent };
}
