import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportSections } from '../../db/schema';
import type { SectionUpdate } from '../../../shared/validation/reports';
import { findReportSection, requireReportRole } from './access';
import { presentSection } from './present';

/** PUT report/{id}/section/{sectionId} */
export async function updateSection(ctx: UserServiceContext, reportId: number, sectionId: number, input: SectionUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { section } = await findReportSection(ctx, reportId, sectionId);
  if (input.title === undefined && input.order === undefined) return presentSection(section);
  const [row] = await ctx.db.update(reportSections).set({ title: input.title, order: input.order }).where(eq(reportSections.id, sectionId)).returning();
  return presentSection(row!);
}
