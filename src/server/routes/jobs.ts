import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireUser } from '../middleware/guards';
import { getJob } from '../services/jobs/get-job';

const JobParams = z.object({ id: z.coerce.number().int().positive() });

export const jobRoutes = new Hono<AppEnv>().get('/job/:id', requireUser, input.params(JobParams), async (c) => {
  const { id } = c.req.valid('param');
  return c.json({ data: await getJob(userServiceContext(c), id) });
});
