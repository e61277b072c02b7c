import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { AppError, nl } from '../errors';
import { requireRole } from '../middleware/guards';
import { computeRChartFor } from '../services/rchart/compute-rchart';
import { getRChartOptions } from '../services/rchart/get-rchart-options';
import { reportFiltersNl } from '../../shared/i18n/report-filters';
import { RChartDataBody, RChartOptionsQuery } from '../../shared/validation/rchart';
import { idParam } from './params';

const meta = { dutch: reportFiltersNl.rchart };

/** {version} is the client's data version (cache key), {lang} one of the report's languages (as in report-data.ts). */
function langParam(c: AppContext): string {
  const version = c.req.param('version') ?? '';
  const lang = c.req.param('lang') ?? '';
  if (!/^[\w.-]{1,40}$/.test(version) || !/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(lang)) throw new AppError('NOT_FOUND', nl.notFound);
  return lang;
}

/** R charts (spec 000 §1 release notes): the form definition and the chart's data. */
export const reportRChartRoutes = new Hono<AppEnv>()
  .get('/rchartOptions', requireRole('dashboard.view'), input.query(RChartOptionsQuery), async (c) => {
    const { survey } = c.req.valid('query');
    return c.json({ data: await getRChartOptions(userServiceContext(c), survey), meta });
  })
  .post('/data/:version/:lang/report/:id/section/:sid/rchart/:cid', requireRole('dashboard.view'), input.body(RChartDataBody), async (c) => {
    const lang = langParam(c);
    const ids = { reportId: idParam(c, 'id'), sectionId: idParam(c, 'sid'), chartId: idParam(c, 'cid') };
    const body = c.req.valid('json');
    return c.json({ data: await computeRChartFor(userServiceContext(c), ids, lang, body), meta });
  });
