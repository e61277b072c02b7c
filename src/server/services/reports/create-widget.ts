import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportWidgets } from '../../db/schema';
import type { WidgetInput } from '../../../shared/validation/reports-parts';
import { findSection, requireReportRole } from './access';
import { presentWidget } from './present';

/** POST widget { section_id, widget_type_id, order?, settings? }: new widgets go last in their section. */
export async function createWidget(ctx: UserServiceContext, input: WidgetInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { report, section } = await findSection(ctx, input.section_id);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${reportWidgets.order})` }).from(reportWidgets).where(eq(reportWidgets.sectionId, section.id));
  const [row] = await ctx.db
    .insert(reportWidgets)
    .values({ reportId: report.id, sectionId: section.id, widgetTypeId: input.widget_type_id, order: input.order ?? (max?.max ?? -1) + 1, settings: input.settings })
    .returning();
  return presentWidget(row!);
}
