import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { validate } from '../http/body';
import { requireUser } from '../middleware/guards';
import { getJob } from '../services/jobs/get-job';

const JobParams = z.object({ id: z.coerce.number().int().positive() });

export const jobRoutes = new Hono<AppEnv>().get('/job/:id', requireUser, async (c) => {
  const { id } = validate(JobParams, c.req.param());
  return c.json({ data: await getJob(userServiceContext(c), id) });
});
