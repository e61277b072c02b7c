import { Hono } from 'hono';
import { type AppEnv, userServiceContext } from '../context';
import { readBody } from '../http/body';
import { requireRole } from '../middleware/guards';
import { createSchedule } from '../services/schedules/create-schedule';
import { deleteSchedule } from '../services/schedules/delete-schedule';
import { listSchedules } from '../services/schedules/list-schedules';
import { updateSchedule } from '../services/schedules/update-schedule';
import { schedulesNl } from '../../shared/i18n/schedules';
import { ScheduleInput } from '../../shared/validation/schedules';
import { idParam } from './params';

const meta = { dutch: schedulesNl.schedule };

/** 'Versturen': GET/POST report/{id}/schedule, PUT/DELETE report/{id}/schedule/{sid} (dashboard.edit). */
export const reportScheduleRoutes = new Hono<AppEnv>()
  .get('/report/:id/schedule', requireRole('dashboard.edit'), async (c) => {
    const { items, ...rest } = await listSchedules(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: items, meta: { ...meta, ...rest } });
  })
  .post('/report/:id/schedule', requireRole('dashboard.edit'), async (c) => {
    const id = idParam(c, 'id');
    const input = await readBody(c, ScheduleInput);
    return c.json({ data: await createSchedule(userServiceContext(c), id, input), meta, alert: schedulesNl.created }, 201);
  })
  .put('/report/:id/schedule/:sid', requireRole('dashboard.edit'), async (c) => {
    const [id, sid] = [idParam(c, 'id'), idParam(c, 'sid')];
    const input = await readBody(c, ScheduleInput);
    return c.json({ data: await updateSchedule(userServiceContext(c), id, sid, input), meta, alert: schedulesNl.saved });
  })
  .delete('/report/:id/schedule/:sid', requireRole('dashboard.edit'), async (c) => {
    await deleteSchedule(userServiceContext(c), idParam(c, 'id'), idParam(c, 'sid'));
    return c.json({ data: null, meta, alert: schedulesNl.deleted });
  });
