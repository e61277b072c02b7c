import type { Context } from 'hono';
import { createApp } from './app';
import type { AppEnv } from './context';
import { workerDb } from './db/web';
import { nl } from './errors';

/**
 * The Worker's one Hono app per isolate (issue 20: one router and one set of middleware built, not
 * two): src/worker.ts sends API and auth calls straight to it, and src/fetch.ts adds Astro's page
 * handler after its routes for everything else. No page lives under /portal/api or /portal/auth,
 * so a path there without a route is a JSON 404 here, before the page handler.
 */
export const workerApp = createApp({ db: workerDb, countsRoundTrips: true });

const notFound = (c: Context<AppEnv>) => c.json({ message: nl.notFound, code: 'NOT_FOUND' }, 404);
workerApp.all('/portal/api/*', notFound).all('/portal/auth/*', notFound);
