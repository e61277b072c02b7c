import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createToken } from '../services/api-tokens/create-token';
import { listTokens } from '../services/api-tokens/list-tokens';
import { revokeToken } from '../services/api-tokens/revoke-token';
import { tokensNl } from '../../shared/i18n/api-tokens';
import { usersNl } from '../../shared/i18n/users';
import { TokenInput } from '../../shared/validation/api-tokens';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';

const meta = { dutch: tokensNl.token };

/** Personal access tokens of API users (group Admin manages them). The secret is answered once, on POST. */
export const userTokenRoutes = new Hono<AppEnv>()
  .get('/user/:id/token', requireRole('user.edit'), async (c) => c.json({ data: await listTokens(userServiceContext(c), idParam(c, 'id')), meta }))
  .post('/user/:id/token', requireRole('user.edit'), input.body(TokenInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createToken(userServiceContext(c), id, body), meta, alert: catalogueText.created(tokensNl.token) }, 201);
  })
  .delete('/user/:id/token/:tid', requireRole('user.edit'), async (c) => {
    const data = await revokeToken(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'));
    return c.json({ data, meta, alert: catalogueText.deleted });
  });
