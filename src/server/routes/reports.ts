import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { userServiceContext } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { copyReport } from '../services/reports/copy-report';
import { createReport } from '../services/reports/create-report';
import { deleteReport } from '../services/reports/delete-report';
import { getReport } from '../services/reports/get-report';
import { listReports } from '../services/reports/list-reports';
import { dearchiveReport } from '../services/reports/dearchive-report';
import { updateReport } from '../services/reports/update-report';
import { reportsNl } from '../../shared/i18n/reports';
import { ReportGetQuery, ReportInput, ReportListQuery, ReportUpdate } from '../../shared/validation/reports';
import { idParam } from './params';
import { reportSectionRoutes } from './reports-sections';
import { reportChartRoutes } from './reports-charts';
import { reportChartMapRoutes } from './reports-chart-map';
import { reportBookmarkRoutes } from './reports-bookmarks';
import { reportChartOptionRoutes } from './reports-chart-options';
import { reportTextRoutes } from './reports-texts';
import { reportWidgetRoutes } from './reports-widgets';
import { reportUserRoutes } from './reports-users';
import { reportImageRoutes } from './reports-image';
import { reportSetupRoutes } from './reports-setup';
import { reportShareRoutes } from './reports-share';
import { reportScheduleRoutes } from './reports-schedules';
import { listReportIndexItems } from '../services/reports/list-index-items';
import { listVariants } from '../services/reports/list-variants';

const meta = { dutch: reportsNl.report };

/** Dashboard api of spec 001 §7: reports; sections, charts, data locations, bookmarks, chart options, texts, widgets, readers, image, seed in reports-*.ts. */
export const reportRoutes = new Hono<AppEnv>()
  .get('/report', requireRole('dashboard.view'), input.query(ReportListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await listReports(userServiceContext(c), { archived: q.archived === '1', projectId: q.project_id }), meta });
  })
  // Before /report/:id so 'index-items' is not taken for an id.
  .get('/report/index-items', requireRole('dashboard.view'), input.query(ReportListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await listReportIndexItems(userServiceContext(c), { archived: q.archived === '1', projectId: q.project_id }), meta });
  })
  .get('/report/:id/variant', requireRole('dashboard.view'), async (c) => c.json({ data: await listVariants(userServiceContext(c), idParam(c, 'id')), meta }))
  .get('/report/:id', requireRole('dashboard.view'), input.query(ReportGetQuery), async (c) => {
    const id = idParam(c, 'id');
    const { include } = c.req.valid('query');
    return c.json({ data: await getReport(userServiceContext(c), id, include), meta });
  })
  .post('/report', requireRole('dashboard.create'), input.body(ReportInput), async (c) => {
    return c.json({ data: await createReport(userServiceContext(c), c.req.valid('json')), meta, alert: reportsNl.created(reportsNl.report) }, 201);
  })
  .put('/report/:id', requireRole('dashboard.edit'), input.body(ReportUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const data = await updateReport(userServiceContext(c), id, body);
    const alert = body.archived === true ? reportsNl.archived : body.archived === false ? reportsNl.dearchived : reportsNl.saved(reportsNl.report);
    return c.json({ data, meta, alert });
  })
  .put('/report/:id/dearchive', requireRole('dashboard.edit'), async (c) => {
    const id = idParam(c, 'id');
    return c.json({ data: await dearchiveReport(userServiceContext(c), id), meta, alert: reportsNl.dearchived });
  })
  .post('/report/:id/copy', requireRole('dashboard.edit'), async (c) => {
    const id = idParam(c, 'id');
    return c.json({ data: await copyReport(userServiceContext(c), id), meta, alert: reportsNl.copied }, 201);
  })
  .delete('/report/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteReport(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  })
  .route('/', reportSectionRoutes)
  .route('/', reportChartRoutes)
  .route('/', reportChartMapRoutes)
  .route('/', reportBookmarkRoutes)
  .route('/', reportChartOptionRoutes)
  .route('/', reportTextRoutes)
  .route('/', reportWidgetRoutes)
  .route('/', reportUserRoutes)
  .route('/', reportImageRoutes)
  .route('/', reportSetupRoutes)
  .route('/', reportShareRoutes)
  .route('/', reportScheduleRoutes);
