import { astro, getFetchState } from 'astro/hono';
import { env } from 'cloudflare:workers';
import { createApp } from './server/app';
import { serviceContext } from './server/context';
import type { Bindings } from './server/env';
import { workerDb } from './server/db/web';

/**
 * The page pipeline (Astro's advanced-routing entry): the Hono app with request id, security
 * headers, session → user (and the auth/API routers, though src/worker.ts sends API and auth
 * calls to its own instance of that app first); then Astro renders the pages with the same user
 * in `Astro.locals`.
 */
const app = createApp({ db: workerDb, countsRoundTrips: true });

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
