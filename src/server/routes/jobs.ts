import { Hono } from 'hono';
import { paramsOf } from './params';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { validate } from '../http/body';
import { requireUser } from '../middleware/guards';
import { getJob } from '../services/jobs/get-job';

const JobParams = z.object({ id: z.coerce.number().int().positive() });

export const jobRoutes = new Hono<AppEnv>().get('/job/:id', requireUser, async (c) => {
  const { id } = paramsOf(c, JobParams);
  return c.json({ data: await getJob(userServiceContext(c), id) });
});
