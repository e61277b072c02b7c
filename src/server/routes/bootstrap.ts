import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { requireUser } from '../middleware/guards';
import { getBootstrap } from '../services/bootstrap/get-bootstrap';

export const bootstrapRoutes = new Hono<AppEnv>().get('/bootstrap', requireUser, async (c) =>
  c.json({ data: await getBootstrap(userServiceContext(c)) }),
);
