import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { validate } from '../http/body';
import { requireRole } from '../middleware/guards';
import { listProjectIndexItems } from '../services/projects/list-project-index-items';
import { listProjects } from '../services/projects/list-projects';

const ListQuery = z.object({ all: z.enum(['0', '1', 'true', 'false']).optional() });

/** Project lists (spec 000 §2.9): the overview and the picker of the help popover. */
export const projectRoutes = new Hono<AppEnv>()
  .get('/project', requireRole('project.view'), async (c) => {
    const query = validate(ListQuery, c.req.query());
    const all = query.all === '1' || query.all === 'true';
    const items = await listProjects(userServiceContext(c), { all });
    return c.json({ data: items, meta: { all, total: items.length } });
  })
  .get('/project/index-items', requireRole('project.view'), async (c) =>
    c.json({ data: await listProjectIndexItems(userServiceContext(c)) }),
  );
