import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { requireUser } from '../middleware/guards';
import { getJob } from '../services/jobs/get-job';
import { paramsOf } from './params';

const JobParams = z.object({ id: z.coerce.number().int().positive() });

export const jobRoutes = new Hono<AppEnv>().get('/job/:id', requireUser, async (c) => {
  const { id } = paramsOf(c, JobParams);
  return c.json({ data: await getJob(userServiceContext(c), id) });
});
