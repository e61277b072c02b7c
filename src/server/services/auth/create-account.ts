import { auditValues, type AuditActor } from '../audit/audit-row';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { auditLog, panelUsers, projectUsers, roles, userRoles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_GROUP_ROLES, groupName, type Role } from '../../../shared/permissions';
import { accountMessages } from '../../../shared/validation/auth';

export interface NewAccount {
  companyId: number;
  groupId: number;
  email: string;
  fullname: string;
  password: string;
  roles?: readonly Role[];
  /** Panel registration: the membership is written in the same transaction. */
  panelId?: number;
  /** A generated password the user must replace at the first login (POST user). */
  mustChangePassword?: boolean;
  /** Demo accounts: login is refused from this moment on. */
  demoExpiresAt?: Date | null;
  /** Project memberships written in the same transaction (demo accounts). */
  memberships?: { projectId: number; projectRoleId: number | null }[];
  /** The audit row of the creation, written in the same transaction (absent: 'Account aangemaakt'). */
  audit?: { actor: Omit<AuditActor, 'db'>; summary: string };
}

/** Inserts a user with their roles (the group's defaults unless given); e-mail must be free. */
export async function createAccount(db: Db, account: NewAccount, now: Date, takenMessage: string = accountMessages.inviteExists): Promise<number> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
  if (taken) throw new AppError('CONFLICT', takenMessage, { email: [takenMessage] });
  const passwordHash = await hashPassword(account.password);
  const group = groupName(account.groupId) ?? 'Gebruiker';
  const roleNames = account.roles ?? DEFAULT_GROUP_ROLES[group];
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        companyId: account.companyId,
        groupId: account.groupId,
        email: account.email,
        fullname: account.fullname,
        passwordHash,
        passwordChangedAt: now,
        mustEnable2fa: group === 'Admin',
        mustChangePassword: account.mustChangePassword ?? false,
        demoExpiresAt: account.demoExpiresAt ?? null,
      })
      .returning({ id: users.id });
    const roleRows = roleNames.length
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, [...roleNames]))
      : [];
    if (roleRows.length) await tx.insert(userRoles).values(roleRows.map((r) => ({ userId: user!.id, roleId: r.id })));
    if (account.panelId) await tx.insert(panelUsers).values({ panelId: account.panelId, userId: user!.id });
    if (account.memberships?.length) await tx.insert(projectUsers).values(account.memberships.map((m) => ({ ...m, userId: user!.id })));
    const audit = account.audit ?? { actor: { user: null, now }, summary: `Account aangemaakt: ${account.fullname} (${account.email})` };
    await tx.insert(auditLog).values(auditValues(audit.actor, { action: 'user.create', resource: 'user', resourceId: user!.id, companyId: account.companyId, summary: audit.summary }));
    return user!.id;
  });
}
