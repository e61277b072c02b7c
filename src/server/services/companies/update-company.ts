import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import type { CompanyInput } from '../../../shared/validation/companies';
import { findCompany } from './access';
import { assertNameFree } from './create-company';
import { getCompany } from './get-company';

/** PUT company/{id} (company.edit): its admins rename their own company, root users any. */
export async function updateCompany(ctx: UserServiceContext, id: number, input: CompanyInput) {
  const before = await findCompany(ctx, id, 'company.edit', { manage: true });
  await assertNameFree(ctx, input.name, id);
  await ctx.db.batch([
    ctx.db.update(companies).set({ name: input.name }).where(eq(companies.id, id)),
    auditRow(ctx, { action: 'company.update', resource: 'company', resourceId: id, companyId: id, summary: `Organisatie hernoemd: ${before.name} → ${input.name}` }),
  ]);
  return getCompany(ctx, id);
}
