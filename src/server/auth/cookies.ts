export const SESSION_COOKIE = 'impulz_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const COOKIE_PATH = '/portal';
export const TWO_FACTOR_COOKIE = 'impulz_2fa';
