import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { type ChartOptionKey, type ChartOptionUpdate, parseOptionValue } from '../../../shared/validation/reports-parts';
import { findChartOption, requireReportRole } from './access';
import { presentChartOption } from './present';

/** PUT chart/{chartId}/chartOption/{id} { value }: the value is checked against the row's key. */
export async function updateChartOption(ctx: UserServiceContext, chartId: number, optionId: number, input: ChartOptionUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { option } = await findChartOption(ctx, chartId, optionId);
  const parsed = parseOptionValue(option.key as ChartOptionKey, input.value);
  if (!parsed.success) throw new AppError('VALIDATION', nl.validation, { value: [parsed.error.issues[0]!.message] });
  const [row] = await ctx.db.update(reportChartOptions).set({ value: parsed.data }).where(eq(reportChartOptions.id, optionId)).returning();
  return presentChartOption(row!);
}
