import { astro, getFetchState } from 'astro/hono';
import { env } from 'cloudflare:workers';
import { serviceContext } from './server/context';
import type { Bindings } from './server/env';
import { workerApp as app } from './server/worker-app';

/**
 * The page pipeline (Astro's advanced-routing entry): the Worker's Hono app (request id, security
 * headers, session → user, and the auth/API routers, to which src/worker.ts sends API and auth
 * calls directly — server/worker-app.ts); then Astro renders the pages with the same user in
 * `Astro.locals`.
 */

app.use(async (c, next) => {
  const locals = getFetchState(c).locals;
  locals.user = c.get('user');
  locals.ctx = serviceContext(c);
  locals.requestId = c.get('requestId');
  await next();
});
app.use(astro());

export default {
  fetch(request: Request): Promise<Response> {
    return Promise.resolve(app.fetch(request, env as Bindings));
  },
};
