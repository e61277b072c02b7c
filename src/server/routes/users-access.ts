import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { listLimeUsersFor, setLimeUser } from '../services/users/set-lime-user';
import { setTemporaryPassword } from '../services/users/set-temporary-password';
import { setUserGroup } from '../services/users/set-user-group';
import { setUserRole } from '../services/users/set-user-role';
import { usersNl } from '../../shared/i18n/users';
import { TemporaryPasswordInput } from '../../shared/validation/users';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';

/** A user's rights and credentials: group, roles, LimeSurvey coupling, temporary password. */
export const userAccessRoutes = new Hono<AppEnv>()
  .put('/user/:id/group/:g', requireRole('user.edit'), async (c) => {
    const data = await setUserGroup(userServiceContext(c), idParam(c, 'id'), idParam(c, 'g'));
    return c.json({ data, meta: { dutch: usersNl.group }, alert: catalogueText.saved(usersNl.group) });
  })
  .put('/user/:id/role/:rid', requireRole('user.edit'), async (c) => {
    const data = await setUserRole(userServiceContext(c), idParam(c, 'id'), idParam(c, 'rid'), true);
    return c.json({ data, meta: { dutch: usersNl.role }, alert: catalogueText.saved(usersNl.role) });
  })
  .delete('/user/:id/role/:rid', requireRole('user.edit'), async (c) => {
    const data = await setUserRole(userServiceContext(c), idParam(c, 'id'), idParam(c, 'rid'), false);
    return c.json({ data, meta: { dutch: usersNl.role }, alert: catalogueText.deleted });
  })
  .get('/user/:id/lime/users', requireRole('user.edit'), async (c) => c.json({ data: await listLimeUsersFor(userServiceContext(c), idParam(c, 'id')) }))
  .put('/user/:id/lime/:uid', requireRole('user.edit'), async (c) => {
    const data = await setLimeUser(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'));
    return c.json({ data, meta: { dutch: usersNl.lime }, alert: catalogueText.saved(usersNl.lime) });
  })
  .delete('/user/:id/lime', requireRole('user.edit'), async (c) => {
    const data = await setLimeUser(userServiceContext(c), idParam(c, 'id'), null);
    return c.json({ data, meta: { dutch: usersNl.lime }, alert: catalogueText.deleted });
  })
  .put('/user/:id/password', requireRole('user.edit'), input.body(TemporaryPasswordInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await setTemporaryPassword(userServiceContext(c), id, body), meta: { dutch: usersNl.password }, alert: usersNl.passwordSet });
  });
