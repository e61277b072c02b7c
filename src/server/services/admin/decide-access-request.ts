import { auditRow } from '../audit/audit-row';
import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { accessRequests, projects, projectUsers, roles, userRoles, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import type { AccessDecisionInput } from '../../../shared/validation/admin';
import { adminCompany, notFound, requireAdminRole } from './scope';

const PROJECT_MEMBER_ROLE = 2; // 'Projectlid'

/** POST admin/accessRequest/{id}: grants a role or a project membership, or declines; tells the requester. */
export async function decideAccessRequest(ctx: UserServiceContext, id: number, input: AccessDecisionInput) {
  requireAdminRole(ctx.user, 'admin.edit');
  const company = adminCompany(ctx.user);
  const [req] = await ctx.db
    .select({ r: accessRequests, name: users.fullname, email: users.email, userCompany: users.companyId })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(and(eq(accessRequests.id, id), company === null ? undefined : eq(accessRequests.companyId, company)));
  if (!req) throw notFound();
  if (req.r.status !== 'pending') throw new AppError('CONFLICT', adminNl.access.notPending);
  const decided = { decidedBy: ctx.user.id, decidedAt: ctx.now, updatedAt: ctx.now };
  if (input.decision === 'decline') {
    await ctx.db.batch([
      ctx.db.update(accessRequests).set({ status: 'declined', ...decided }).where(eq(accessRequests.id, id)),
      auditRow(ctx, { action: 'access-decline', resource: 'access_request', resourceId: id, companyId: req.r.companyId, summary: adminNl.audit.accessDeclined(req.name, req.r.path) }),
    ]);
    await ctx.mailer.send({ to: req.email, ...adminNl.access.mailResult(false, req.r.path) });
    return { id, status: 'declined' as const };
  }
  let grant: { statement: ReturnType<typeof ctx.db.insert>; label: string; granted: string };
  if (input.role) {
    const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role));
    if (!role) throw new AppError('VALIDATION', nl.validation, { role: [adminNl.access.unknownRole] });
    grant = { statement: ctx.db.insert(userRoles).values({ userId: req.r.userId, roleId: role.id }).onConflictDoNothing() as never, label: `rol ${input.role}`, granted: input.role };
  } else if (input.project_id) {
    // Only a project of the requester's own organisation.
    const [project] = await ctx.db.select({ id: projects.id, title: projects.title }).from(projects).where(and(eq(projects.id, input.project_id), eq(projects.companyId, req.userCompany ?? -1)));
    if (!project) throw new AppError('VALIDATION', nl.validation, { project_id: [nl.notFound] });
    grant = { statement: ctx.db.insert(projectUsers).values({ projectId: project.id, userId: req.r.userId, projectRoleId: PROJECT_MEMBER_ROLE }).onConflictDoNothing() as never, label: `lid van project '${project.title}'`, granted: `project:${project.id}` };
  } else throw new AppError('VALIDATION', nl.validation, { role: [adminNl.access.grantWhat] });
  await ctx.db.batch([
    grant.statement as never,
    ctx.db.update(accessRequests).set({ status: 'granted', granted: grant.granted, ...decided }).where(eq(accessRequests.id, id)),
    auditRow(ctx, { action: 'access-grant', resource: 'access_request', resourceId: id, companyId: req.r.companyId, summary: adminNl.audit.accessGranted(req.name, grant.label) }),
  ]);
  await ctx.mailer.send({ to: req.email, ...adminNl.access.mailResult(true, req.r.path) });
  return { id, status: 'granted' as const, granted: grant.granted };
}
