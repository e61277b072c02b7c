import { Hono } from 'hono';
import { enforceAccountHold } from '../middleware/account-hold';
import { setSessionCookie } from '../auth/session-cookie';
import { clientMeta, serviceContext, userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { issueCsrfToken } from '../middleware/csrf';
import { publicAccess, requireUser } from '../middleware/guards';
import { joinPanel, registerForPanel, showPanelForToken } from '../services/auth/join-panel';
import { registerInvite } from '../services/auth/register-invite';
import { InviteRegisterInput, PanelRegisterInput, PanelTokenInput } from '../../shared/validation/auth';
import { endCurrentSession } from './end-current-session';

/** /portal/auth: registration by invitation and the panel token flows (spec 000 §7). */
export const tokenRoutes = new Hono<AppEnv>()
  .post('/invite/register', publicAccess, input.body(InviteRegisterInput), async (c) => {
    const body = c.req.valid('json');
    const { token, session } = await registerInvite(serviceContext(c), body, clientMeta(c));
    await endCurrentSession(c);
    setSessionCookie(c, token, session.expiresAt);
    issueCsrfToken(c);
    return c.json({ data: { registered: true } }, 201);
  })
  .post('/panel', publicAccess, input.body(PanelTokenInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await showPanelForToken(serviceContext(c), body, clientMeta(c)) });
  })
  .post('/panel/join', requireUser, enforceAccountHold, input.body(PanelTokenInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await joinPanel(userServiceContext(c), body, clientMeta(c)) });
  })
  .post('/panel/register', publicAccess, input.body(PanelRegisterInput), async (c) => {
    const body = c.req.valid('json');
    const { panel, token, session } = await registerForPanel(serviceContext(c), body, clientMeta(c));
    await endCurrentSession(c);
    setSessionCookie(c, token, session.expiresAt);
    issueCsrfToken(c);
    return c.json({ data: panel }, 201);
  });
