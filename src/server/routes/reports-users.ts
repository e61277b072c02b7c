import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { addReportUser } from '../services/reports/add-report-user';
import { listReportUsers } from '../services/reports/list-report-users';
import { removeReportUser } from '../services/reports/remove-report-user';
import { setReportUsers } from '../services/reports/set-report-users';
import { reportsNl } from '../../shared/i18n/reports';
import { ReportUsersInput } from '../../shared/validation/reports-parts';
import { idParam } from './params';

const meta = { dutch: reportsNl.reportUser };

/**
 * Explicit readers of a report (spec 001 §7 Dashboard, report/{id}/user). Without any, every
 * member of the project sees the report; with some, only they (and editors/admins) do.
 */
export const reportUserRoutes = new Hono<AppEnv>()
  .get('/report/:id/user', requireRole('dashboard.edit'), async (c) => c.json({ data: await listReportUsers(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/report/:id/user', requireRole('dashboard.edit'), input.body(ReportUsersInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await setReportUsers(userServiceContext(c), id, body), meta, alert: reportsNl.saved(reportsNl.reportUser) });
  })
  .delete('/report/:id/user', requireRole('dashboard.edit'), async (c) => {
    const data = await setReportUsers(userServiceContext(c), idParam(c, 'id'), { user_ids: [] });
    return c.json({ data, meta, alert: reportsNl.deleted });
  })
  .put('/report/:id/user/:uid', requireRole('dashboard.edit'), async (c) => {
    const data = await addReportUser(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'));
    return c.json({ data, meta, alert: reportsNl.saved(reportsNl.reportUser) });
  })
  .delete('/report/:id/user/:uid', requireRole('dashboard.edit'), async (c) => {
    const data = await removeReportUser(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'));
    return c.json({ data, meta, alert: reportsNl.deleted });
  });
