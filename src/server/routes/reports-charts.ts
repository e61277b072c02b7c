import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createChart } from '../services/reports/create-chart';
import { createDataLocation } from '../services/reports/create-data-location';
import { deleteChart } from '../services/reports/delete-chart';
import { deleteDataLocation } from '../services/reports/delete-data-location';
import { getChart } from '../services/reports/get-chart';
import { reorderCharts } from '../services/reports/reorder-charts';
import { reorderDataLocations } from '../services/reports/reorder-data-locations';
import { updateChart } from '../services/reports/update-chart';
import { updateDataLocation } from '../services/reports/update-data-location';
import { reportsNl } from '../../shared/i18n/reports';
import { ChartInput, ChartUpdate, DataLocationInput, DataLocationUpdate, OrderInput } from '../../shared/validation/reports';
import { idParam } from './params';

const chartMeta = { dutch: reportsNl.chart };
const dlMeta = { dutch: reportsNl.dataLocation };

/** Charts and their data locations (spec 001 §7 Dashboard). */
export const reportChartRoutes = new Hono<AppEnv>()
  .get('/chart/:id', requireRole('dashboard.view'), async (c) => c.json({ data: await getChart(userServiceContext(c), idParam(c, 'id')), meta: chartMeta }))
  .post('/chart', requireRole('dashboard.edit'), input.body(ChartInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createChart(userServiceContext(c), body), meta: chartMeta, alert: reportsNl.created(reportsNl.chart) }, 201);
  })
  .put('/chart/:id', requireRole('dashboard.edit'), input.body(ChartUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateChart(userServiceContext(c), id, body), meta: chartMeta, alert: reportsNl.saved(reportsNl.chart) });
  })
  .delete('/chart/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteChart(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta: chartMeta, alert: reportsNl.deleted });
  })
  .patch('/section/:sectionId/chart/order', requireRole('dashboard.edit'), input.body(OrderInput), async (c) => {
    const id = idParam(c, 'sectionId');
    const body = c.req.valid('json');
    return c.json({ data: await reorderCharts(userServiceContext(c), id, body), meta: chartMeta, alert: reportsNl.ordered });
  })
  .post('/dataLocation', requireRole('dashboard.edit'), input.body(DataLocationInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createDataLocation(userServiceContext(c), body), meta: dlMeta, alert: reportsNl.created(reportsNl.dataLocation) }, 201);
  })
  .put('/dataLocation/:id', requireRole('dashboard.edit'), input.body(DataLocationUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateDataLocation(userServiceContext(c), id, body), meta: dlMeta, alert: reportsNl.saved(reportsNl.dataLocation) });
  })
  .delete('/dataLocation/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteDataLocation(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta: dlMeta, alert: reportsNl.deleted });
  })
  .patch('/chart/:chartId/dataLocation/order', requireRole('dashboard.edit'), input.body(OrderInput), async (c) => {
    const id = idParam(c, 'chartId');
    const body = c.req.valid('json');
    return c.json({ data: await reorderDataLocations(userServiceContext(c), id, body), meta: dlMeta, alert: reportsNl.ordered });
  });
