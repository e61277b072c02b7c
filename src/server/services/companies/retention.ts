import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import type { RetentionInput } from '../../../shared/validation/companies';
import { auditRow } from '../audit/audit-row';
import { findCompany } from './access';

const present = (c: { contactRetentionMonths: number; auditRetentionMonths: number }) => ({ contact_months: c.contactRetentionMonths, audit_months: c.auditRetentionMonths });

/** GET company/{id}/retention: the organisation's retention periods (company.view). */
export async function getRetention(ctx: UserServiceContext, id: number) {
  return present(await findCompany(ctx, id, 'company.view'));
}

/** PUT company/{id}/retention (company.edit, the organisation's admin or root): new periods, audited in the same batch. */
export async function setRetention(ctx: UserServiceContext, id: number, input: RetentionInput) {
  const company = await findCompany(ctx, id, 'company.edit', { manage: true });
  await ctx.db.batch([
    ctx.db.update(companies).set({ contactRetentionMonths: input.contact_months, auditRetentionMonths: input.audit_months }).where(eq(companies.id, id)),
    auditRow(ctx, {
      action: 'company.retention',
      resource: 'company',
      resourceId: id,
      companyId: id,
      summary: `Bewaartermijnen van ${company.name}: contactgegevens ${company.contactRetentionMonths} → ${input.contact_months} maanden, audittrail ${company.auditRetentionMonths} → ${input.audit_months} maanden`,
    }),
  ]);
  return present({ contactRetentionMonths: input.contact_months, auditRetentionMonths: input.audit_months });
}
