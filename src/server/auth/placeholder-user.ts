import { sql } from 'drizzle-orm';
import type { SessionUser } from './sessions';

/**
 * Everything the row-level rules (visibleProjects, visibleReports, a company's own rows) may branch
 * on — root, company admin, whether there is a company, the roles, the group — as a key, and a user
 * of that shape whose id and company id are placeholders: the rules then give the SQL of the user's
 * case with `?` where the ids go, so one statement serves every user of the shape.
 */
export function placeholderUser(user: SessionUser): { shape: string; user: SessionUser; values: { userId: number; companyId: number | null } } {
  const shape = `root=${user.isRoot}|admin=${user.isCompanyAdmin}|company=${user.companyId !== null}|group=${user.groupId}|roles=${user.roles.join(',')}`;
  const placeholder = (name: string) => sql.placeholder(name) as unknown as number;
  return {
    shape,
    user: { ...user, id: placeholder('userId'), companyId: user.companyId === null ? null : placeholder('companyId') },
    values: { userId: user.id, companyId: user.companyId },
  };
}
