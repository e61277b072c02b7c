import type { UserServiceContext } from '../../context';
import { findWidget, requireReportRole } from './access';
import { presentWidget } from './present';

/** GET widget/{id} */
export async function getWidget(ctx: UserServiceContext, widgetId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  return presentWidget((await findWidget(ctx, widgetId)).widget);
}
