import { asc, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { requireSurveyRole } from './scope';

/** The companies a user may import a survey into: every company for a root user, else only their own (not listed: no choice). */
export async function listImportCompanies(ctx: UserServiceContext): Promise<{ id: number; name: string }[]> {
  requireSurveyRole(ctx.user, 'survey.edit');
  if (!ctx.user.isRoot) return [];
  return ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(isNull(companies.deletedAt)).orderBy(asc(companies.name));
}
