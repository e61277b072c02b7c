import type { AstroCookies } from 'astro';
import { hashToken } from './tokens';

/** How a browser proves which respondent it is: the token typed/linked, or the key of an open survey's participation. */
export type Credential = { kind: 'token'; token: string } | { kind: 'key'; hash: string; key: string };

/**
 * A respondent's credential for one survey, in an HttpOnly cookie scoped to that survey's pages:
 * the token (token surveys) or the resume key of an open survey's participation (`k.`). The
 * cookie replaces the code in the address bar, so links and history don't carry it.
 */
const name = (surveyId: number) => `impulz_meedoen_${surveyId}`;
const path = (surveyId: number) => `/portal/meedoen/${surveyId}`;
const MAX_AGE = 60 * 24 * 3600;

export function readRespondentCookie(cookies: AstroCookies, surveyId: number): Credential | null {
  const value = cookies.get(name(surveyId))?.value ?? '';
  if (value.startsWith('t.') && value.length > 2 && value.length <= 66) return { kind: 'token', token: value.slice(2) };
  if (value.startsWith('k.') && /^[a-z2-7]{32}$/.test(value.slice(2))) return { kind: 'key', key: value.slice(2), hash: hashToken(value.slice(2)) };
  return null;
}

export function writeRespondentCookie(cookies: AstroCookies, surveyId: number, cred: { kind: 'token'; token: string } | { kind: 'key'; key: string }): void {
  const value = cred.kind === 'token' ? `t.${cred.token}` : `k.${cred.key}`;
  cookies.set(name(surveyId), value, { path: path(surveyId), httpOnly: true, secure: true, sameSite: 'lax', maxAge: MAX_AGE });
}

export function clearRespondentCookie(cookies: AstroCookies, surveyId: number): void {
  cookies.delete(name(surveyId), { path: path(surveyId), httpOnly: true, secure: true, sameSite: 'lax' });
}

/** A resume key from a link (?hervat=…): the same shape generateToken(20) makes. */
export const isResumeKey = (key: string) => /^[a-z2-7]{32}$/.test(key);
