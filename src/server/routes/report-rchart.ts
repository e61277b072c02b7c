import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { computeRChartFor } from '../services/rchart/compute-rchart';
import { getRChartOptions } from '../services/rchart/get-rchart-options';
import { reportFiltersNl } from '../../shared/i18n/report-filters';
import { RChartDataBody, RChartOptionsQuery } from '../../shared/validation/rchart';
import { DataPath, idParam } from './params';

const meta = { dutch: reportFiltersNl.rchart };

/** R charts (spec 000 §1 release notes): the form definition and the chart's data. */
export const reportRChartRoutes = new Hono<AppEnv>()
  .get('/rchartOptions', requireRole('dashboard.view'), input.query(RChartOptionsQuery), async (c) => {
    const { survey } = c.req.valid('query');
    return c.json({ data: await getRChartOptions(userServiceContext(c), survey), meta });
  })
  .post('/data/:version/:lang/report/:id/section/:sid/rchart/:cid', requireRole('dashboard.view'), input.params(DataPath), input.body(RChartDataBody), async (c) => {
    const { lang, id } = c.req.valid('param');
    const ids = { reportId: id, sectionId: idParam(c, 'sid'), chartId: idParam(c, 'cid') };
    const body = c.req.valid('json');
    return c.json({ data: await computeRChartFor(userServiceContext(c), ids, lang, body), meta });
  });
