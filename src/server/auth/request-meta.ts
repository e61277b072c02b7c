import type { SessionMeta } from './sessions';

/** Client IP and user agent of a page request (the API routes use clientMeta on the Hono context). */
export function requestMeta(request: Request): SessionMeta {
  const h = request.headers;
  return {
    ip: h.get('cf-connecting-ip') ?? h.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null,
    userAgent: h.get('user-agent')?.slice(0, 512) ?? null,
  };
}
