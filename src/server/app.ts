import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import type { Db } from './db/client';
import { countRoundTrips, ROUND_TRIPS_HEADER, STATEMENTS_HEADER } from './db/round-trips';
import { readConfig, type Bindings } from './env';
import { AppError, nl } from './errors';
import { MemoRouter } from './http/router';
import { onError } from './middleware/errors';
import { responseHeaders } from './middleware/response-headers';
import { demoReadOnly } from './middleware/demo-read-only';
import { resolveSession } from './middleware/session';
import { apiRoutes, publicRoutes } from './routes/api';
import { authRoutes } from './routes/auth';
import { addOpenApiRoute } from './routes/openapi';

export interface AppDeps {
  /** The database for these bindings (web client in the Worker, file database in tests). */
  db(env: Bindings): Db;
  /** The db counts its round trips outside production (the Worker's web client does; file databases in tests don't). */
  countsRoundTrips?: boolean;
}

const JSON_BODY_LIMIT = 1024 * 1024;
// Uploads (spec: files up to 64 MB) plus room for the multipart envelope; routes check the file itself.
const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024 + 256 * 1024;

/**
 * The request pipeline without the page renderer: middleware and the three API routers.
 * src/fetch.ts adds Astro's page handler after it; the api tests drive it with `app.request`.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ router: new MemoRouter() });
  app.onError(onError);
  // Request id, security headers, content security policy, default Cache-Control (one layer).
  app.use(responseHeaders);
  app.use(async (c, next) => {
    c.set('config', readConfig(c.env));
    c.set('db', deps.db(c.env));
    if (!deps.countsRoundTrips || c.get('config').appEnv === 'production') return next();
    // Development and test: the request's database round trips in a header (db/round-trips.ts).
    const { count } = await countRoundTrips(next);
    c.res.headers.set(ROUND_TRIPS_HEADER, String(count.roundTrips));
    c.res.headers.set(STATEMENTS_HEADER, String(count.statements));
  });
  app.use(resolveSession);
  app.use('/portal/api/*', demoReadOnly);
  app.use('/portal/auth/*', demoReadOnly);
  app.use('/portal/auth/*', jsonLimit);
  app.route('/portal/auth', authRoutes);
  app.use('/portal/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const multipart = c.req.header('content-type')?.startsWith('multipart/form-data') ?? false;
    // Project messages stream their files and limit each one (64 MB) themselves (routes/projects-messages.ts).
    if (multipart && c.req.method === 'POST' && MESSAGE_POST.test(c.req.path)) return next();
    return (multipart ? uploadLimit : jsonLimit)(c, next);
  });
  addOpenApiRoute(app);
  app.route('/portal/api/v2/public', publicRoutes);
  app.route('/portal/api/v2', apiRoutes);
  return app;
}

// Built once (they keep no state between requests), not per API call.
const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: tooLarge });

const MESSAGE_POST = /^\/portal\/api\/v2\/project\/\d+\/message$/;

function tooLarge(): never {
  throw new AppError('TOO_LARGE', nl.tooLarge);
}
