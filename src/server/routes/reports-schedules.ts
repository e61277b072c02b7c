import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, userServiceContext } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createSchedule } from '../services/schedules/create-schedule';
import { deleteSchedule } from '../services/schedules/delete-schedule';
import { listSchedules } from '../services/schedules/list-schedules';
import { updateSchedule } from '../services/schedules/update-schedule';
import { schedulesNl } from '../../shared/i18n/schedules';
import { ScheduleInput } from '../../shared/validation/schedules';
import { IdParam, IdPath } from './params';

const meta = { dutch: schedulesNl.schedule };
const SchedulePath = z.object({ id: IdParam, sid: IdParam });

/** 'Versturen': GET/POST report/{id}/schedule, PUT/DELETE report/{id}/schedule/{sid} (dashboard.edit). */
export const reportScheduleRoutes = new Hono<AppEnv>()
  .get('/report/:id/schedule', requireRole('dashboard.edit'), input.params(IdPath), async (c) => {
    const { items, ...rest } = await listSchedules(userServiceContext(c), c.req.valid('param').id);
    return c.json({ data: items, meta: { ...meta, ...rest } });
  })
  .post('/report/:id/schedule', requireRole('dashboard.edit'), input.params(IdPath), input.body(ScheduleInput), async (c) => {
    return c.json({ data: await createSchedule(userServiceContext(c), c.req.valid('param').id, c.req.valid('json')), meta, alert: schedulesNl.created }, 201);
  })
  .put('/report/:id/schedule/:sid', requireRole('dashboard.edit'), input.params(SchedulePath), input.body(ScheduleInput), async (c) => {
    const { id, sid } = c.req.valid('param');
    return c.json({ data: await updateSchedule(userServiceContext(c), id, sid, c.req.valid('json')), meta, alert: schedulesNl.saved });
  })
  .delete('/report/:id/schedule/:sid', requireRole('dashboard.edit'), input.params(SchedulePath), async (c) => {
    const { id, sid } = c.req.valid('param');
    await deleteSchedule(userServiceContext(c), id, sid);
    return c.json({ data: null, meta, alert: schedulesNl.deleted });
  });
