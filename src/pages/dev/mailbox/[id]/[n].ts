import type { APIRoute } from 'astro';
import { getDevMailAttachment } from '../../../../server/services/auth/get-dev-mail-attachment';

/** A file sent with an outbox mail (developers only; 404 in production, like the mailbox). */
export const GET: APIRoute = async ({ params, locals }) => {
  const [id, n] = [params.id ?? '', params.n ?? ''];
  if (!/^\d{1,9}$/.test(id) || !/^\d{1,2}$/.test(n)) return new Response(null, { status: 404 });
  const file = await getDevMailAttachment(locals.ctx, Number(id), Number(n));
  if (!file) return new Response(null, { status: 404 });
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
