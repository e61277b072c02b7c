/**
 * Roles and groups of spec 000 §6, the one source for server checks and UI hiding.
 * Group ids: lower id = more rights. A group check passes when the named group's id is
 * greater than or equal to the user's own group id.
 */
export const GROUPS = { Admin: 1, Beheerder: 2, Gebruiker: 3, Api: 4, Panellid: 5 } as const;
export type GroupName = keyof typeof GROUPS;

/**
 * Panellid (5) is not staff: citizens who registered through a panel link. They hold only
 * PANEL_MEMBER_ROLES, never appear in staff lists or pickers, and no one grants or leaves this
 * group through user management (docs/decisions.md, decision 40).
 */
export const STAFF_GROUPS = [GROUPS.Admin, GROUPS.Beheerder, GROUPS.Gebruiker, GROUPS.Api] as const;
export const isPanelMemberGroup = (groupId: number) => groupId === GROUPS.Panellid;

const AREAS = {
  project: ['access', 'view', 'create', 'edit'],
  dashboard: ['access', 'view', 'create', 'edit', 'export', 'filter'],
  survey: ['access', 'view', 'edit', 'upload'],
  user: ['access', 'view', 'create', 'edit'],
  company: ['access', 'view', 'create', 'edit'],
  panel: ['access', 'view', 'create', 'edit'],
  notification: ['access', 'view', 'create', 'edit'],
  zkn: ['access', 'view', 'create'],
  admin: ['access', 'view', 'edit', 'delete'],
} as const;

type Areas = typeof AREAS;
/**
 * Roles added after the first installations, appended so the seeded role ids (index + 1) stay
 * stable; a migration adds each to existing databases. `survey.tokens.export`: exporting
 * participation codes with names, e-mail addresses and attributes (personal data, audited).
 */
const LATER_ROLES = ['survey.tokens.export'] as const;
export type Role = { [A in keyof Areas]: `${A}.${Areas[A][number]}` }[keyof Areas] | (typeof LATER_ROLES)[number];

export const ROLES = [...Object.entries(AREAS).flatMap(([area, actions]) => actions.map((action) => `${area}.${action}`)), ...LATER_ROLES] as Role[];

export interface Subject {
  groupId: number;
  roles: readonly string[];
}

export function hasRole(user: Subject | null | undefined, role: Role | readonly Role[]): boolean {
  if (!user) return false;
  const wanted: readonly Role[] = typeof role === 'string' ? [role] : role;
  return wanted.some((r) => user.roles.includes(r));
}

export function hasGroup(user: Subject | null | undefined, group: GroupName | undefined): boolean {
  if (!user) return false;
  if (!group) return true;
  return GROUPS[group] >= user.groupId;
}

export function groupName(groupId: number): GroupName | undefined {
  return (Object.keys(GROUPS) as GroupName[]).find((name) => GROUPS[name] === groupId);
}

/**
 * The roles each group receives by default (seed, new users). The spec leaves the grants open;
 * these follow the gating it describes: admins everything, Beheerder all but admin.*, Gebruiker
 * reads reports of their projects, Api reads and uploads survey data. Everyone has user.access:
 * it opens the own profile and password page (ViewUserPassword needs it); managing other users
 * needs user.view/create/edit.
 */
export const DEFAULT_GROUP_ROLES: Record<GroupName, readonly Role[]> = {
  Admin: ROLES,
  Beheerder: ROLES.filter((r) => !r.startsWith('admin.')),
  Gebruiker: [
    'project.access',
    'project.view',
    'dashboard.access',
    'dashboard.view',
    'dashboard.export',
    'dashboard.filter',
    'notification.access',
    'notification.view',
    'panel.access',
    'user.access',
  ],
  Api: ['project.access', 'project.view', 'dashboard.access', 'dashboard.view', 'survey.access', 'survey.view', 'survey.upload', 'user.access'],
  Panellid: ['panel.access', 'user.access'],
};

/**
 * Demo accounts (group Gebruiker): read-only, for showing a report to prospects. These are the
 * only roles a demo user can hold; writes need roles outside this list.
 */
export const DEMO_ROLES: readonly Role[] = ['project.access', 'project.view', 'dashboard.access', 'dashboard.view', 'dashboard.filter', 'dashboard.export', 'user.access'];

/** Respondents who registered through a panel token: their panels and their own account. */
export const PANEL_MEMBER_ROLES: readonly Role[] = ['panel.access', 'user.access'];
