import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createInvite } from '../services/users/create-invite';
import { deleteInvite } from '../services/users/delete-invite';
import { listInvites } from '../services/users/list-invites';
import { InviteInput } from '../../shared/validation/auth';
import { idParam } from './params';

const meta = { dutch: 'Uitnodiging' };

/** /portal/api/v2/invite: invitations of the user's company (spec 001 §7 Manage api). */
export const inviteRoutes = new Hono<AppEnv>()
  .get('/invite', requireRole('user.create'), async (c) => c.json({ data: await listInvites(userServiceContext(c)), meta }))
  .post('/invite', requireRole('user.create'), input.body(InviteInput), async (c) => {
    const body = c.req.valid('json');
    const invite = await createInvite(userServiceContext(c), body, new URL(c.req.url).origin);
    return c.json({ data: invite, meta }, 201);
  })
  .delete('/invite/:id', requireRole('user.create'), async (c) => {
    await deleteInvite(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta });
  });
