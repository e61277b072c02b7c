import type { UserServiceContext } from '../../context';
import { findIndicator, requireIndicatorRole } from './access';
import { indicatorLabels } from './labels';
import { presentIndicator } from './present';

/** GET indicator/{id} */
export async function getIndicator(ctx: UserServiceContext, indicatorId: number) {
  requireIndicatorRole(ctx.user, 'notification.view');
  const row = await findIndicator(ctx, indicatorId);
  return presentIndicator(row, await indicatorLabels(ctx.db, row.surveyId).catch(() => undefined));
}
