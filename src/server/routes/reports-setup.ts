import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { seedReport } from '../services/reports/seed-report';
import { setResponseChart } from '../services/reports/set-response-chart';
import { reportsNl } from '../../shared/i18n/reports';
import { ResponseChartInput, SeedInput } from '../../shared/validation/reports-parts';
import { idParam } from './params';

/** Filling a report from a survey (seed) and its response chart (spec 001 §7 Dashboard). */
export const reportSetupRoutes = new Hono<AppEnv>()
  .put('/report/:id/seed', requireRole('dashboard.edit'), input.body(SeedInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const { data, alert } = await seedReport(userServiceContext(c), id, body);
    return c.json({ data, meta: { dutch: reportsNl.report }, alert });
  })
  .put('/report/:id/responseChart', requireRole('dashboard.edit'), input.body(ResponseChartInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const { chart, created } = await setResponseChart(userServiceContext(c), id, body);
    const alert = created ? reportsNl.created(reportsNl.chart) : reportsNl.saved(reportsNl.chart);
    return c.json({ data: chart, meta: { dutch: reportsNl.chart }, alert }, created ? 201 : 200);
  });
