import { asc, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { requirePanelRole } from './access';

/** The organisations a new panel can belong to: every one for a root user; others have no choice (empty). */
export async function listPanelCompanies(ctx: UserServiceContext): Promise<{ id: number; name: string }[]> {
  requirePanelRole(ctx.user, 'panel.create');
  if (!ctx.user.isRoot) return [];
  return ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(isNull(companies.deletedAt)).orderBy(asc(companies.name));
}
