import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { sharingNl } from '../../../shared/i18n/sharing';
import type { EmbedDomainsInput } from '../../../shared/validation/sharing';
import { auditRow } from '../audit/audit-row';
import { findCompany } from './access';

/**
 * PUT company/{id}/embed (company.edit, the company's own admins or root users): the websites that
 * may embed the company's public reports. It widens who may frame the portal, so it is audited.
 */
export async function setEmbedDomains(ctx: UserServiceContext, id: number, input: EmbedDomainsInput) {
  const company = await findCompany(ctx, id, 'company.edit', { manage: true });
  const stored = input.embed_domains.join('\n');
  await ctx.db.batch([
    ctx.db.update(companies).set({ embedDomains: stored }).where(eq(companies.id, id)),
    auditRow(ctx, { action: 'company.embed', resource: 'company', resourceId: id, companyId: id, summary: sharingNl.embedDomains.audit(company.name, input.embed_domains.join(', ')) }),
  ]);
  return { id, embed_domains: input.embed_domains };
}
