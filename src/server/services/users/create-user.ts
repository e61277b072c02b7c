import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { generatePassword } from '../../../shared/password-generator';
import { DEFAULT_GROUP_ROLES, DEMO_ROLES, GROUPS, groupName, hasRole, type Role } from '../../../shared/permissions';
import type { UserInput } from '../../../shared/validation/users';
import { createAccount } from '../auth/create-account';
import { requireUserRole } from './access';
import { demoExpiry, demoMemberships } from './demo';
import { assertGrantableGroup, assertGrantableRole, roleNamesOf } from './grantable';
import { getUser } from './get-user';

/**
 * POST user (user.create): a user of the actor's company (root users: any company) with a
 * generated password (spec 000 §5) that is answered once and must be changed at the first login.
 * With `demo_expires_at` the user is a demo account: group Gebruiker, read roles only, member of
 * the chosen projects, no login after that day. Nobody grants a group or role above their own.
 */
export async function createUser(ctx: UserServiceContext, input: UserInput) {
  requireUserRole(ctx.user, 'user.create');
  const { user: actor } = ctx;
  const companyId = actor.isRoot ? (input.company_id ?? actor.companyId) : actor.companyId;
  if (!actor.isRoot && (!actor.isCompanyAdmin || (input.company_id !== undefined && input.company_id !== actor.companyId))) {
    throw new AppError('FORBIDDEN', usersNl.notYours);
  }
  if (companyId === null) throw new AppError('VALIDATION', nl.validation, { company_id: [usersNl.companyRequired] });
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw new AppError('NOT_FOUND', nl.notFound);

  const demo = input.demo_expires_at !== undefined;
  const groupId = demo ? GROUPS.Gebruiker : (input.group_id ?? GROUPS.Gebruiker);
  if (demo && input.group_id !== undefined && input.group_id !== GROUPS.Gebruiker) {
    throw new AppError('VALIDATION', nl.validation, { group_id: [usersNl.demoGroup] });
  }
  assertGrantableGroup(actor, groupId);
  const group = groupName(groupId)!;
  let roleNames: string[];
  if (input.role_ids) {
    roleNames = await roleNamesOf(ctx, input.role_ids);
    for (const role of roleNames) assertGrantableRole(actor, role, demo);
  } else {
    // The group's default roles, as far as the actor has them.
    roleNames = (demo ? DEMO_ROLES : DEFAULT_GROUP_ROLES[group]).filter((r) => actor.isRoot || hasRole(actor, r));
  }
  const demoExpiresAt = demo ? demoExpiry(ctx, input.demo_expires_at!) : null;
  const memberships = demo ? await demoMemberships(ctx, companyId, input.project_ids ?? []) : [];

  const password = generatePassword();
  const id = await createAccount(
    ctx.db,
    {
      companyId,
      groupId,
      email: input.email,
      fullname: input.fullname,
      password,
      roles: roleNames as Role[],
      mustChangePassword: !demo,
      demoExpiresAt,
      memberships,
      audit: { actor: ctx, summary: `Gebruiker aangemaakt: ${input.fullname} (${input.email}), groep ${groupName(groupId) ?? groupId}${demo ? ', demo-account' : ''}` },
    },
    ctx.now,
    usersNl.emailTaken,
  );
  return { ...(await getUser(ctx, id)), password };
}
