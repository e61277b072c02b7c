import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { requireRole } from '../middleware/guards';
import { detachPanelUser } from '../services/users/detach-panel-user';
import { idParam } from './params';
import { panelsNl } from '../../shared/i18n/panels';

/** DELETE panel/{id}/user/{uid}: leave a panel ('Afmelden') or remove a member (panel.edit). */
export const panelUserRoutes = new Hono<AppEnv>().delete('/panel/:id/user/:uid', requireRole(['panel.access', 'panel.edit']), async (c) => {
  const ctx = userServiceContext(c);
  const uid = idParam(c, 'uid');
  const data = await detachPanelUser(ctx, idParam(c, 'id'), uid);
  return c.json({ data, meta: { dutch: panelsNl.member }, alert: uid === ctx.user.id ? panelsNl.profile.left : panelsNl.users.removed });
});
