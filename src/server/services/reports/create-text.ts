import type { UserServiceContext } from '../../context';
import { reportTexts } from '../../db/schema';
import type { TextInput } from '../../../shared/validation/reports-parts';
import { findChart, findSection, requireReportRole } from './access';
import { presentText } from './present';

/** POST text { section_id | chart_id, position, body }: markdown before or after a section or chart. */
export async function createText(ctx: UserServiceContext, input: TextInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { report } = input.chart_id !== undefined ? await findChart(ctx, input.chart_id) : await findSection(ctx, input.section_id!);
  const [row] = await ctx.db
    .insert(reportTexts)
    .values({ reportId: report.id, sectionId: input.chart_id !== undefined ? null : input.section_id!, chartId: input.chart_id ?? null, position: input.position, body: input.body })
    .returning();
  return presentText(row!);
}
