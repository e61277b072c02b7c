import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password';
import { generateToken, hashToken } from '../../src/server/auth/tokens';
import type { Db } from '../../src/server/db/client';
import { apiTokens, companyThemes, projectUsers, roles, userRoles, users } from '../../src/server/db/schema';
import { TOKEN_PREFIX } from '../../src/server/services/api-tokens/create-token';
import { endOfDay } from '../../src/shared/format';
import { DEMO_ROLES, GROUPS } from '../../src/shared/permissions';
import { DEMO_PASSWORD } from './data';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Demo accounts (read-only, limited to chosen projects): one running, one past its end. */
export const DEMO_ACCOUNTS = [
  { id: 22, email: 'demo@demo.impulz.nl', fullname: 'Prospect Willemsen', days: 30, projects: [1] },
  { id: 23, email: 'demo-verlopen@demo.impulz.nl', fullname: 'Prospect Hoekstra', days: -5, projects: [1] },
] as const;

/**
 * Users and organisations: which themes the companies have (Noordbroek uses its own, Zuiderhaven
 * has its own attached but keeps the default), the demo accounts, a LimeSurvey coupling, and a
 * personal access token for the Api user. The token's secret is random and never printed — like
 * any token it can only be made anew from the API users tab.
 */
export async function seedUsers(db: Db, today = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  await db.batch([
    db
      .insert(companyThemes)
      .values([
        { companyId: 1, themeId: 4, isDefault: false },
        { companyId: 2, themeId: 5, isDefault: true },
      ])
      .onConflictDoNothing(),
    db
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((u) => ({
          id: u.id,
          companyId: 1,
          groupId: GROUPS.Gebruiker,
          email: u.email,
          fullname: u.fullname,
          passwordHash,
          passwordChangedAt: today,
          demoExpiresAt: endOfDay(isoDay(new Date(today.getTime() + u.days * DAY))),
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(userRoles)
      .values(DEMO_ACCOUNTS.flatMap((u) => DEMO_ROLES.map((r) => ({ userId: u.id, roleId: roleId.get(r)! }))))
      .onConflictDoNothing(),
    db
      .insert(projectUsers)
      .values(DEMO_ACCOUNTS.flatMap((u) => u.projects.map((projectId) => ({ projectId, userId: u.id, projectRoleId: 3 }))))
      .onConflictDoNothing(),
    db
      .insert(apiTokens)
      .values({
        id: 1,
        userId: 4,
        name: 'Responsimport LimeSurvey',
        tokenHash: hashToken(`${TOKEN_PREFIX}${generateToken(32)}`),
        scopes: ['responses:upload'],
        expiresAt: endOfDay(isoDay(new Date(today.getTime() + 365 * DAY))),
        createdBy: 1,
        createdAt: new Date(today.getTime() - 20 * DAY),
      })
      .onConflictDoNothing(),
  ]);
  // The demo admin's LimeSurvey coupling (only set once, so a change in the screen survives a re-seed).
  const [admin] = await db.select({ lime: users.limeUserId }).from(users).where(eq(users.id, 1));
  if (admin && admin.lime === null) await db.update(users).set({ limeUserId: 1 }).where(eq(users.id, 1));
}
