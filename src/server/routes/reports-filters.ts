import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { attachFilterCategory } from '../services/report-filters/attach-category';
import { detachFilterCategory } from '../services/report-filters/detach-category';
import { listReportFilters } from '../services/report-filters/list-report-filters';
import { setOptionExposed } from '../services/report-filters/set-option-exposed';
import { syncReportFilters } from '../services/report-filters/sync-report-filters';
import { reportFiltersNl } from '../../shared/i18n/report-filters';
import { FilterOptionOverride, FilterSyncBody } from '../../shared/validation/report-filters';
import { idParam } from './params';

const meta = { dutch: reportFiltersNl.filterCategory };
const optionMeta = { dutch: reportFiltersNl.filterOption };

async function expose(c: AppContext, exposed: boolean) {
  const data = await setOptionExposed(userServiceContext(c), idParam(c, 'id'), idParam(c, 'oid'), exposed);
  return c.json({ data, meta: optionMeta, alert: exposed ? reportFiltersNl.optionShown : reportFiltersNl.optionHidden });
}

/** Report filters of spec 001 §7: the benchmark menu, syncing its counts, the categories a report offers. */
export const reportFilterRoutes = new Hono<AppEnv>()
  .get('/report/:id/filterOption', requireRole('dashboard.view'), async (c) => {
    return c.json({ data: await listReportFilters(userServiceContext(c), idParam(c, 'id')), meta });
  })
  .post('/report/:id/filterCategory', requireRole('dashboard.filter'), input.body(FilterSyncBody), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await syncReportFilters(userServiceContext(c), id, body), meta });
  })
  .post('/report/:id/filterCategory/:cid', requireRole('dashboard.edit'), async (c) => {
    const { created, menu } = await attachFilterCategory(userServiceContext(c), idParam(c, 'id'), idParam(c, 'cid'));
    return c.json({ data: menu, meta, alert: reportFiltersNl.attached }, created ? 201 : 200);
  })
  .delete('/report/:id/filterCategory/:cid', requireRole('dashboard.edit'), async (c) => {
    const data = await detachFilterCategory(userServiceContext(c), idParam(c, 'id'), idParam(c, 'cid'));
    return c.json({ data, meta, alert: reportFiltersNl.detached });
  })
  .post('/report/:id/filterOption/:oid', requireRole('dashboard.edit'), (c) => expose(c, true))
  .put('/report/:id/filterOption/:oid', requireRole('dashboard.edit'), input.body(FilterOptionOverride), async (c) => {
    // Ids first, like every route: a malformed id is a row that doesn't exist (404), whatever the body.
    idParam(c, 'id');
    idParam(c, 'oid');
    const { exposed } = c.req.valid('json');
    return expose(c, exposed);
  })
  .delete('/report/:id/filterOption/:oid', requireRole('dashboard.edit'), (c) => expose(c, false));
