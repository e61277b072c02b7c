import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportSections } from '../../db/schema';
import type { SectionInput } from '../../../shared/validation/reports';
import { findReport, requireReportRole } from './access';
import { presentSection } from './present';

/** POST report/{id}/section: new sections go last unless an order is given. */
export async function createSection(ctx: UserServiceContext, reportId: number, input: SectionInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${reportSections.order})` }).from(reportSections).where(eq(reportSections.reportId, reportId));
  const [row] = await ctx.db.insert(reportSections).values({ reportId, title: input.title, order: input.order ?? (max?.max ?? -1) + 1 }).returning();
  return presentSection(row!, []);
}
