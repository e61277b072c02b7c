import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { getBootstrap } from '../services/bootstrap/get-bootstrap';

export const bootstrapRoutes = new Hono<AppEnv>().get('/bootstrap', async (c) => {
  const user = c.var.user!;
  return c.json({ data: await getBootstrap({ db: c.var.db, user, now: new Date() }) });
});
