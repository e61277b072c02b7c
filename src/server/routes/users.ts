import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createUser } from '../services/users/create-user';
import { deleteUser } from '../services/users/delete-user';
import { getUser } from '../services/users/get-user';
import { listUserAdmins } from '../services/users/list-user-admins';
import { listUserIndexItems } from '../services/users/list-user-index-items';
import { listUserProjects } from '../services/users/list-user-projects';
import { listUsers } from '../services/users/list-users';
import { restoreUser } from '../services/users/restore-user';
import { transferUser } from '../services/users/transfer-user';
import { updateUser } from '../services/users/update-user';
import { usersNl } from '../../shared/i18n/users';
import { UserInput, UserListQuery, UserUpdate } from '../../shared/validation/users';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';
import { userAccessRoutes } from './users-access';
import { userTokenRoutes } from './users-tokens';

const meta = { dutch: usersNl.user };

/** Manage api, users (spec 001 §7): lists, one user, create, update, delete, transfer, restore. */
export const userRoutes = new Hono<AppEnv>()
  .get('/user', requireRole('user.view'), input.query(UserListQuery), async (c) => {
    const query = c.req.valid('query');
    return c.json({ data: await listUsers(userServiceContext(c), query), meta });
  })
  // Before /user/:id so 'index-items' is not taken for an id.
  .get('/user/index-items', requireRole('user.view'), async (c) => c.json({ data: await listUserIndexItems(userServiceContext(c)), meta }))
  .get('/user/index-items/all', requireRole('user.view'), async (c) => c.json({ data: await listUserIndexItems(userServiceContext(c), { all: true }), meta }))
  .get('/user/:id', requireRole('user.access'), async (c) => c.json({ data: await getUser(userServiceContext(c), idParam(c, 'id')), meta }))
  .get('/user/:id/admin', requireRole('user.access'), async (c) => c.json({ data: await listUserAdmins(userServiceContext(c), idParam(c, 'id')), meta: { dutch: 'Beheerder' } }))
  .get('/user/:id/project', requireRole('project.access'), async (c) => c.json({ data: await listUserProjects(userServiceContext(c), idParam(c, 'id')), meta: { dutch: 'Project' } }))
  .post('/user', requireRole('user.create'), input.body(UserInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createUser(userServiceContext(c), body), meta, alert: catalogueText.created(usersNl.user) }, 201);
  })
  .put('/user/:id', requireRole('user.access'), input.body(UserUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateUser(userServiceContext(c), id, body), meta, alert: catalogueText.saved(usersNl.user) });
  })
  .put('/user/:id/restore', requireRole('user.edit'), async (c) => {
    return c.json({ data: await restoreUser(userServiceContext(c), idParam(c, 'id')), meta, alert: usersNl.restored });
  })
  .delete('/user/:id', requireRole('user.edit'), async (c) => {
    await deleteUser(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: catalogueText.deleted });
  })
  .delete('/user/:id/transfer/:tid', requireRole('user.edit'), async (c) => {
    const data = await transferUser(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'));
    return c.json({ data, meta, alert: usersNl.transferred(data.transferred_to.fullname) });
  })
  .route('/', userAccessRoutes)
  .route('/', userTokenRoutes);
