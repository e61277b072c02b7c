import { hashPassword } from '../../src/server/auth/password';
import { generateToken, hashToken } from '../../src/server/auth/tokens';
import type { Db } from '../../src/server/db/client';
import { invites, panels, panelUsers, roles, themes, userRoles, users } from '../../src/server/db/schema';
import { DEFAULT_GROUP_ROLES, GROUPS, type GroupName } from '../../src/shared/permissions';
import { DEMO_PASSWORD } from './data';
import { DEMO_ACCOUNTS } from './users';

/** Demo-only panel tokens (printed with the demo logins); real panels get random tokens. */
export const DEMO_PANEL_TOKEN = 'demo-burgerpanel-zuiderhaven';
export const DEMO_PANEL_TOKEN_NOORDBROEK = 'demo-inwonerspanel-noordbroek';

/** Accounts that start in a hold (AccountGate): a new administrator and an expired password. */
export const HOLD_USERS = [
  { id: 20, email: 'nieuwe-admin@demo.impulz.nl', fullname: 'Frank Meijer', group: 'Admin' as GroupName, companyId: 1, mustChangePassword: false },
  { id: 21, email: 'verlopen@demo.impulz.nl', fullname: 'Gerda Mulder', group: 'Gebruiker' as GroupName, companyId: 1, mustChangePassword: true },
] as const;

export const DEMO_PANELS = [
  { id: 1, companyId: 1, name: 'Burgerpanel Zuiderhaven', description: 'Inwoners van Zuiderhaven die een paar keer per jaar hun mening geven over hun gemeente.', token: DEMO_PANEL_TOKEN, members: [3] },
  { id: 2, companyId: 2, name: 'Inwonerspanel Noordbroek', description: 'Het digitale inwonerspanel van de gemeente Noordbroek.', token: DEMO_PANEL_TOKEN_NOORDBROEK, members: [5] },
] as const;

export const DEMO_INVITES = [
  { id: 1, companyId: 1, invitedBy: 2, email: 'uitgenodigd@zuiderhaven.demo.impulz.nl', fullname: 'Henk de Boer' },
  { id: 2, companyId: 2, invitedBy: 5, email: 'uitgenodigd@noordbroek.demo.impulz.nl', fullname: 'Ilse Kok' },
] as const;

export function demoAccountsText(): string {
  return [
    `Demo-panelcodes: ${DEMO_PANEL_TOKEN} (Zuiderhaven), ${DEMO_PANEL_TOKEN_NOORDBROEK} (Noordbroek)`,
    `  aanmelden: /portal/register/panel/${DEMO_PANEL_TOKEN}  ·  inloggen en aanmelden: /portal/login/panel/${DEMO_PANEL_TOKEN}`,
    ...HOLD_USERS.map((u) => `  ${u.email.padEnd(28)} ${u.group} (${u.mustChangePassword ? 'moet nieuw wachtwoord kiezen' : 'moet tweestapsverificatie instellen'})`),
    ...DEMO_ACCOUNTS.map((u) => `  ${u.email.padEnd(28)} Gebruiker (${u.days > 0 ? 'demo-account, alleen lezen' : 'demo-account, verlopen'})`),
  ].join('\n');
}

const DAY = 86_400_000;

/** Themes, panels, invitations and the hold accounts. Fixed ids, idempotent. */
export async function seedAccounts(db: Db, today = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  await db.batch([
    db
      .insert(themes)
      .values([
        { id: 1, companyId: null, name: 'ImpulZ licht', type: 'vue', isDefault: true, fields: {} },
        { id: 2, companyId: null, name: 'ImpulZ donker', type: 'vue', isDefault: false, fields: { isDark: true, primary: '#2f6fbf', gradient1: '#0f2a4a', gradient2: '#1d4f91' } },
        { id: 3, companyId: null, name: 'ImpulZ PDF', type: 'pdf', isDefault: true, fields: {} },
        { id: 4, companyId: 1, name: 'Zuiderhaven huisstijl', type: 'vue', isDefault: false, fields: { primary: '#0b6e4f', accent: '#f2a900', gradient1: '#0b6e4f', gradient2: '#08415c' } },
        { id: 5, companyId: 2, name: 'Noordbroek huisstijl', type: 'vue', isDefault: false, fields: { primary: '#8a1c3c', gradient1: '#8a1c3c', gradient2: '#4a1942' } },
      ])
      .onConflictDoNothing(),
    db
      .insert(users)
      .values(
        HOLD_USERS.map((u) => ({
          id: u.id,
          companyId: u.companyId,
          groupId: GROUPS[u.group],
          email: u.email,
          fullname: u.fullname,
          passwordHash,
          mustEnable2fa: u.group === 'Admin',
          mustChangePassword: u.mustChangePassword,
          passwordChangedAt: new Date(today.getTime() - 400 * DAY),
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(userRoles)
      .values(HOLD_USERS.flatMap((u) => DEFAULT_GROUP_ROLES[u.group].map((r) => ({ userId: u.id, roleId: roleId.get(r)! }))))
      .onConflictDoNothing(),
    db
      .insert(panels)
      .values(DEMO_PANELS.map((p) => ({ id: p.id, companyId: p.companyId, name: p.name, description: p.description, token: p.token, tokenHash: hashToken(p.token) })))
      .onConflictDoNothing(),
    db
      .insert(panelUsers)
      .values(DEMO_PANELS.flatMap((p) => p.members.map((userId) => ({ panelId: p.id, userId }))))
      .onConflictDoNothing(),
    db
      .insert(invites)
      .values(
        DEMO_INVITES.map((i) => ({
          ...i,
          groupId: GROUPS.Gebruiker,
          // Nobody knows these tokens: the demo rows exist to be listed and withdrawn.
          tokenHash: hashToken(generateToken()),
          expiresAt: new Date(today.getTime() + 7 * DAY),
        })),
      )
      .onConflictDoNothing(),
  ]);
}
