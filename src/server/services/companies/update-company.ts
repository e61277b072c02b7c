import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import type { CompanyInput } from '../../../shared/validation/companies';
import { findCompany } from './access';
import { assertNameFree } from './create-company';
import { getCompany } from './get-company';

/** PUT company/{id} (company.edit): its admins rename their own company, root users any. */
export async function updateCompany(ctx: UserServiceContext, id: number, input: CompanyInput) {
  await findCompany(ctx, id, 'company.edit', { manage: true });
  await assertNameFree(ctx, input.name, id);
  await ctx.db.update(companies).set({ name: input.name }).where(eq(companies.id, id));
  return getCompany(ctx, id);
}
