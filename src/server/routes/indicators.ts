import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createIndicator } from '../services/indicators/create-indicator';
import { dismissNotice } from '../services/indicators/dismiss-notice';
import { deleteIndicator } from '../services/indicators/delete-indicator';
import { getIndicator } from '../services/indicators/get-indicator';
import { listProjectIndicators } from '../services/indicators/list-indicators';
import { updateIndicator } from '../services/indicators/update-indicator';
import { indicatorsNl } from '../../shared/i18n/indicators';
import { IndicatorInput, IndicatorListQuery, IndicatorUpdate } from '../../shared/validation/indicators';
import { idParam } from './params';

const meta = { dutch: indicatorsNl.indicator };

/** Notification api of spec 001 §7 (indicator/{id}, POST indicator) and a project's indicators. */
export const indicatorRoutes = new Hono<AppEnv>()
  .get('/project/:id/indicator', requireRole('notification.view'), input.query(IndicatorListQuery), async (c) =>
    c.json({ data: await listProjectIndicators(userServiceContext(c), idParam(c, 'id'), { group: c.req.valid('query').group }), meta }),
  )
  .post('/notice/:id/dismiss', requireRole('notification.view'), async (c) =>
    c.json({ data: await dismissNotice(userServiceContext(c), idParam(c, 'id')), meta: { dutch: indicatorsNl.notices.notice }, alert: indicatorsNl.notices.dismissed }),
  )
  .get('/indicator/:id', requireRole('notification.view'), async (c) => c.json({ data: await getIndicator(userServiceContext(c), idParam(c, 'id')), meta }))
  .post('/indicator', requireRole('notification.create'), input.body(IndicatorInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createIndicator(userServiceContext(c), body), meta, alert: indicatorsNl.created }, 201);
  })
  .put('/indicator/:id', requireRole('notification.edit'), input.body(IndicatorUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateIndicator(userServiceContext(c), id, body), meta, alert: indicatorsNl.saved });
  })
  .delete('/indicator/:id', requireRole('notification.edit'), async (c) => {
    await deleteIndicator(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: indicatorsNl.deleted });
  });
