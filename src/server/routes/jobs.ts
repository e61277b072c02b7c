import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireUser } from '../middleware/guards';
import { getJob } from '../services/jobs/get-job';
import { IdPath } from './params';

export const jobRoutes = new Hono<AppEnv>().get('/job/:id', requireUser, input.params(IdPath), async (c) => {
  const { id } = c.req.valid('param');
  return c.json({ data: await getJob(userServiceContext(c), id) });
});
