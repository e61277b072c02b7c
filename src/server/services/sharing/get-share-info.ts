import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, projects } from '../../db/schema';
import { url } from '../../../shared/urls';
import { embedDomainList } from '../../../shared/validation/sharing';
import type { ShareInfo } from '../../../shared/dto/sharing';
import { findReport, requireReportRole } from '../reports/access';
import { managesCompany } from '../companies/access';
import { hasRole } from '../../../shared/permissions';

/** GET report/{id}/share (dashboard.edit): what the 'Delen' dialog shows. */
export async function getShareInfo(ctx: UserServiceContext, reportId: number): Promise<ShareInfo> {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const [company] = await ctx.db
    .select({ id: companies.id, embedDomains: companies.embedDomains })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(projects.id, report.projectId));
  return {
    id: report.id,
    title: report.title,
    min_n: report.minN,
    direct_access: report.directAccess,
    public_path: url(`/public/report/${report.id}`),
    embed_domains: embedDomainList(company?.embedDomains ?? ''),
    company_settings: company && managesCompany(ctx.user, company.id) && hasRole(ctx.user, 'company.edit') ? url(`/manage/company/${company.id}/base`) : null,
  };
}
