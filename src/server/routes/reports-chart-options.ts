import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createChartOption } from '../services/reports/create-chart-option';
import { deleteChartOption } from '../services/reports/delete-chart-option';
import { getChartOption, listChartOptions } from '../services/reports/list-chart-options';
import { updateChartOption } from '../services/reports/update-chart-option';
import { reportsNl } from '../../shared/i18n/reports';
import { ChartOptionInput, ChartOptionUpdate } from '../../shared/validation/reports-parts';
import { idParam } from './params';

const meta = { dutch: reportsNl.chartOption };

/** Key/value options of a chart (spec 001 §7 Dashboard, chartOption); allowed keys in shared/validation/reports-parts. */
export const reportChartOptionRoutes = new Hono<AppEnv>()
  .get('/chart/:chartId/chartOption', requireRole('dashboard.view'), async (c) => c.json({ data: await listChartOptions(userServiceContext(c), idParam(c, 'chartId')), meta }))
  .get('/chart/:chartId/chartOption/:id', requireRole('dashboard.view'), async (c) =>
    c.json({ data: await getChartOption(userServiceContext(c), idParam(c, 'chartId'), idParam(c, 'id')), meta }),
  )
  .post('/chart/:chartId/chartOption', requireRole('dashboard.edit'), input.body(ChartOptionInput), async (c) => {
    const chartId = idParam(c, 'chartId');
    const body = c.req.valid('json');
    return c.json({ data: await createChartOption(userServiceContext(c), chartId, body), meta, alert: reportsNl.created(reportsNl.chartOption) }, 201);
  })
  .put('/chart/:chartId/chartOption/:id', requireRole('dashboard.edit'), input.body(ChartOptionUpdate), async (c) => {
    const [chartId, id] = [idParam(c, 'chartId'), idParam(c, 'id')];
    const body = c.req.valid('json');
    return c.json({ data: await updateChartOption(userServiceContext(c), chartId, id, body), meta, alert: reportsNl.saved(reportsNl.chartOption) });
  })
  .delete('/chart/:chartId/chartOption/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteChartOption(userServiceContext(c), idParam(c, 'chartId'), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  });
