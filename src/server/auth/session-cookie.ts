import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { COOKIE_PATH, SESSION_COOKIE } from './cookies';

export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: COOKIE_PATH,
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, secure: true, httpOnly: true, sameSite: 'Lax' });
}
