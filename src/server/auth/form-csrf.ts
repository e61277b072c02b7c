import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { AstroCookies } from 'astro';
import { COOKIE_PATH } from './cookies';
import { generateToken } from './tokens';

/** Cookie and hidden field of the plain HTML forms (/meedoen, /invoer), which must work without JavaScript. */
export const FORM_CSRF_COOKIE = 'impulz_form';
export const FORM_CSRF_FIELD = '_csrf';

const encoder = new TextEncoder();

/** The token for this browser's forms: the cookie's, or a new one set now. */
export function formCsrfToken(cookies: AstroCookies): string {
  const existing = cookies.get(FORM_CSRF_COOKIE)?.value;
  if (existing && /^[a-z2-7]{32,64}$/.test(existing)) return existing;
  const token = generateToken(24);
  cookies.set(FORM_CSRF_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'lax', maxAge: 30 * 24 * 3600 });
  return token;
}

/**
 * Double submit without JavaScript: the hidden field must equal the cookie, and a browser that
 * names an Origin must name ours. A cross-site page can neither read the cookie nor set the field.
 */
export function formCsrfValid(request: Request, cookies: AstroCookies, field: unknown): boolean {
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(request.url).origin) return false;
  const cookie = cookies.get(FORM_CSRF_COOKIE)?.value;
  return typeof field === 'string' && !!cookie && field.length === cookie.length && constantTimeEqual(encoder.encode(field), encoder.encode(cookie));
}
