import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportTexts } from '../../db/schema';
import type { TextUpdate } from '../../../shared/validation/reports-parts';
import { findText, requireReportRole } from './access';
import { presentText } from './present';

/** PUT text/{id} { position?, body? } */
export async function updateText(ctx: UserServiceContext, textId: number, input: TextUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { text } = await findText(ctx, textId);
  if (input.position === undefined && input.body === undefined) return presentText(text);
  const [row] = await ctx.db.update(reportTexts).set({ position: input.position, body: input.body }).where(eq(reportTexts.id, textId)).returning();
  return presentText(row!);
}
