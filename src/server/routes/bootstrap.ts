import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { getBootstrap } from '../services/bootstrap/get-bootstrap';

export const bootstrapRoutes = new Hono<AppEnv>().get('/bootstrap', async (c) => {
  return c.json({ data: await getBootstrap(userServiceContext(c)) });
});
