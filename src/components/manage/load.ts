import type { UserServiceContext } from '../../server/context';
import { AppError } from '../../server/errors';
import { getCompany, type CompanyDetail } from '../../server/services/companies/get-company';
import { getUser, type UserDetail } from '../../server/services/users/get-user';
import { nl } from '../../shared/i18n/nl';
import { GROUPS, isPanelMemberGroup, type GroupName } from '../../shared/permissions';

/** A positive whole-number route param, else null (→ 404). */
export function idOf(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Runs a loader; a row that is not the user's (404/403 from the service) becomes null (→ 404 page). */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}

export function loadUserPage(ctx: UserServiceContext, raw: string | undefined): Promise<UserDetail | null> {
  const id = idOf(raw);
  return id ? orNull(() => getUser(ctx, id)) : Promise.resolve(null);
}

export function loadCompanyPage(ctx: UserServiceContext, raw: string | undefined): Promise<CompanyDetail | null> {
  const id = idOf(raw);
  return id ? orNull(() => getCompany(ctx, id)) : Promise.resolve(null);
}

/** The staff groups a user may hand out: their own and those with fewer rights (root users: all); never Panellid. */
export function grantableGroups(user: { groupId: number; isRoot: boolean }): { id: number; name: string }[] {
  return (Object.entries(GROUPS) as [GroupName, number][])
    .filter(([, id]) => !isPanelMemberGroup(id) && (user.isRoot || id >= user.groupId))
    .map(([name, id]) => ({ id, name: nl.groups[name] }));
}

export const groupLabel = (groupId: number) => {
  const name = (Object.keys(GROUPS) as GroupName[]).find((g) => GROUPS[g] === groupId);
  return name ? nl.groups[name] : '—';
};
