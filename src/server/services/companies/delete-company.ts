import { auditRow } from '../audit/audit-row';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, projects, users } from '../../db/schema';
import { AppError } from '../../errors';
import { companiesNl } from '../../../shared/i18n/companies';
import { findCompany } from './access';

/**
 * DELETE company/{id} (company.edit, root users only): a soft delete, refused (409, Dutch) while
 * the company still has active users or projects — those are moved or deleted first.
 */
export async function deleteCompany(ctx: UserServiceContext, id: number): Promise<void> {
  const company = await findCompany(ctx, id, 'company.edit');
  if (!ctx.user.isRoot) throw new AppError('FORBIDDEN', companiesNl.rootOnly);
  const [[people], [work]] = await ctx.db.batch([
    ctx.db.select({ n: sql<number>`count(*)` }).from(users).where(and(eq(users.companyId, id), isNull(users.deletedAt))),
    ctx.db.select({ n: sql<number>`count(*)` }).from(projects).where(and(eq(projects.companyId, id), isNull(projects.deletedAt))),
  ]);
  if (Number(people?.n) > 0 || Number(work?.n) > 0) throw new AppError('CONFLICT', companiesNl.notEmpty);
  await ctx.db.batch([
    ctx.db.update(companies).set({ deletedAt: ctx.now }).where(eq(companies.id, id)),
    auditRow(ctx, { action: 'company.delete', resource: 'company', resourceId: id, companyId: id, summary: `Organisatie verwijderd: ${company.name}` }),
  ]);
}
