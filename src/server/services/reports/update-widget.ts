import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserServiceContext } from '../../context';
import { reportWidgets } from '../../db/schema';
import { validate } from '../../http/body';
import { checkWidgetSettings, type WidgetUpdate } from '../../../shared/validation/reports-parts';
import { findWidget, requireReportRole } from './access';
import { presentWidget } from './present';

/** PUT widget/{id} { order?, settings? }: settings are checked against the widget's own type and replace the old ones. */
export async function updateWidget(ctx: UserServiceContext, widgetId: number, input: WidgetUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { widget } = await findWidget(ctx, widgetId);
  const settings =
    input.settings === undefined ? undefined : validate(z.unknown().transform((v, c) => checkWidgetSettings(widget.widgetTypeId, v, c)), input.settings);
  if (input.order === undefined && settings === undefined) return presentWidget(widget);
  const [row] = await ctx.db.update(reportWidgets).set({ order: input.order, settings }).where(eq(reportWidgets.id, widgetId)).returning();
  return presentWidget(row!);
}
