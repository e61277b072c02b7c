import { asc } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { roles } from '../../db/schema';

/** Every role (id, name) in the order of spec 000 §6 (area, then action), for the roles tab. */
export function listRoles(ctx: UserServiceContext) {
  return ctx.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
}
