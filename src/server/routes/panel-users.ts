import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { requireRole } from '../middleware/guards';
import { detachPanelUser } from '../services/users/detach-panel-user';
import { idParam } from './params';

/** DELETE panel/{id}/user/{uid}: leave a panel ('Afmelden') or remove a member (panel.edit). */
export const panelUserRoutes = new Hono<AppEnv>().delete('/panel/:id/user/:uid', requireRole(['panel.access', 'panel.edit']), async (c) => {
  await detachPanelUser(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'));
  return c.json({ data: null, meta: { dutch: 'Panellid' } });
});
