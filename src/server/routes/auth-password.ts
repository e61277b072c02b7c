import { Hono } from 'hono';
import { setSessionCookie } from '../auth/session-cookie';
import { clientMeta, serviceContext, userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { publicAccess, requireUser } from '../middleware/guards';
import { issueCsrfToken } from '../middleware/csrf';
import { changePassword } from '../services/auth/change-password';
import { requestPasswordReset } from '../services/auth/request-password-reset';
import { resetPassword } from '../services/auth/reset-password';
import { accountMessages, PasswordChangeInput, PasswordEmailInput, PasswordResetInput } from '../../shared/validation/auth';

/** /portal/auth/password/*: forgotten password (public) and the own password change (login). */
export const passwordRoutes = new Hono<AppEnv>()
  .post('/password/email', publicAccess, input.body(PasswordEmailInput), async (c) => {
    const body = c.req.valid('json');
    await requestPasswordReset(serviceContext(c), body, clientMeta(c), new URL(c.req.url).origin);
    // The same answer whether or not the address has an account.
    return c.json({ data: null, alert: accountMessages.passwordEmailSent });
  })
  .post('/password/reset', publicAccess, input.body(PasswordResetInput), async (c) => {
    const body = c.req.valid('json');
    await resetPassword(serviceContext(c), body, clientMeta(c));
    return c.json({ data: null, alert: accountMessages.passwordChanged });
  })
  .post('/password/change', requireUser, input.body(PasswordChangeInput), async (c) => {
    const body = c.req.valid('json');
    const { token, session } = await changePassword(userServiceContext(c), body, clientMeta(c));
    setSessionCookie(c, token, session.expiresAt);
    issueCsrfToken(c);
    return c.json({ data: null, alert: accountMessages.passwordChanged });
  });
