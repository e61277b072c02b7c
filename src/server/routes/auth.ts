import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { COOKIE_PATH, SESSION_COOKIE, TWO_FACTOR_COOKIE } from '../auth/cookies';
import { hashToken } from '../auth/tokens';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { clientMeta, serviceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { issueCsrfToken, requireCsrf } from '../middleware/csrf';
import { publicAccess } from '../middleware/guards';
import { answerTwoFactorChallenge } from '../services/auth/answer-two-factor-challenge';
import { login } from '../services/auth/login';
import { logout } from '../services/auth/logout';
import { LoginInput, TwoFactorChallengeInput } from '../../shared/validation/auth';
import { passwordRoutes } from './auth-password';
import { tokenRoutes } from './auth-tokens';
import { endCurrentSession } from './end-current-session';

/** /portal/auth: CSRF cookie, login with the optional second factor, logout, password and token flows. */
export const authRoutes = new Hono<AppEnv>()
  .get('/csrf-cookie', publicAccess, output.noContent('De cookie `XSRF-TOKEN` is gezet.'), (c) => {
    issueCsrfToken(c);
    return c.body(null, 204);
  })
  .get('/login/status', publicAccess, (c) => c.json({ data: c.get('user') !== null }))
  .use(requireCsrf)
  .post('/login', publicAccess, input.body(LoginInput), async (c) => {
    const body = c.req.valid('json');
    // The session the request came with ends in the login's write batch (one round trip less).
    const current = getCookie(c, SESSION_COOKIE);
    const result = await login(serviceContext(c), body, clientMeta(c), current ? hashToken(current) : null);
    if (result.kind === 'two_factor') {
      clearSessionCookie(c);
      setCookie(c, TWO_FACTOR_COOKIE, result.challengeToken, {
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: COOKIE_PATH,
        expires: result.expiresAt,
      });
      return c.json({ data: { two_factor: true } });
    }
    setSessionCookie(c, result.token, result.expiresAt);
    issueCsrfToken(c);
    return c.json({ data: { two_factor: false } });
  })
  .post('/two-factor-challenge', publicAccess, input.body(TwoFactorChallengeInput), output.noContent('Ingelogd: de sessiecookie is gezet.'), async (c) => {
    const body = c.req.valid('json');
    const { token, session } = await answerTwoFactorChallenge(
      serviceContext(c),
      getCookie(c, TWO_FACTOR_COOKIE),
      body,
      clientMeta(c),
    );
    deleteCookie(c, TWO_FACTOR_COOKIE, { path: COOKIE_PATH, secure: true, httpOnly: true });
    await endCurrentSession(c);
    setSessionCookie(c, token, session.expiresAt);
    issueCsrfToken(c);
    return c.body(null, 204);
  })
  .post('/logout', publicAccess, output.noContent('Uitgelogd: de sessie is beëindigd.'), async (c) => {
    const current = getCookie(c, SESSION_COOKIE);
    await logout(serviceContext(c), current ? hashToken(current) : null);
    clearSessionCookie(c);
    issueCsrfToken(c);
    return c.body(null, 204);
  })
  .route('/', passwordRoutes)
  .route('/', tokenRoutes);
