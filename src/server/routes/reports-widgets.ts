import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createWidget } from '../services/reports/create-widget';
import { deleteWidget } from '../services/reports/delete-widget';
import { getWidget } from '../services/reports/get-widget';
import { reorderWidgets } from '../services/reports/reorder-widgets';
import { updateWidget } from '../services/reports/update-widget';
import { reportsNl } from '../../shared/i18n/reports';
import { OrderInput } from '../../shared/validation/reports';
import { WidgetInput, WidgetUpdate } from '../../shared/validation/reports-parts';
import { idParam } from './params';

const meta = { dutch: reportsNl.widget };

/** Widgets of the WIDGETS lookup placed in a section (spec 001 §7 Dashboard, widget). */
export const reportWidgetRoutes = new Hono<AppEnv>()
  .post('/widget', requireRole('dashboard.edit'), input.body(WidgetInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createWidget(userServiceContext(c), body), meta, alert: reportsNl.created(reportsNl.widget) }, 201);
  })
  .get('/widget/:id', requireRole('dashboard.view'), async (c) => c.json({ data: await getWidget(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/widget/:id', requireRole('dashboard.edit'), input.body(WidgetUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateWidget(userServiceContext(c), id, body), meta, alert: reportsNl.saved(reportsNl.widget) });
  })
  .patch('/section/:sectionId/widget/order', requireRole('dashboard.edit'), input.body(OrderInput), async (c) => {
    const id = idParam(c, 'sectionId');
    const body = c.req.valid('json');
    return c.json({ data: await reorderWidgets(userServiceContext(c), id, body), meta, alert: reportsNl.ordered });
  })
  .delete('/widget/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteWidget(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  });
