import { Hono, type Context } from 'hono';
import { askAi } from '../ai/ask-ai';
import { aiInputFrom } from '../services/report-data/ai-input';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { userServiceContext } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import { computeReportDataFor, reportDataBody } from '../services/report-data/compute-report-data';
import type { ReportDataScope } from '../services/report-data/resolve-scope';
import { ReportDataBody } from '../../shared/validation/report-data';
import { DataPath, idParam } from './params';

type DataContext = Context<AppEnv, string, { out: { param: z.output<typeof DataPath>; json: z.output<typeof ReportDataBody> } }>;

async function answer(c: DataContext, scope: ReportDataScope) {
  const { lang, id: reportId } = c.req.valid('param');
  const body = c.req.valid('json');
  // Without the assistant the answer's bytes come as they are (possibly from the isolate's cache);
  // a client that sends the ETag it holds gets a 304 (after the access check, as every call).
  if (!body.askAi) {
    const { body: bytes, etag } = await reportDataBody(userServiceContext(c), reportId, lang, scope, body, c.get('dataGeneration'), c.get('reportAccess'));
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    return c.body(bytes, 200, { 'Content-Type': 'application/json', ETag: etag });
  }
  const data = await computeReportDataFor(userServiceContext(c), reportId, lang, scope, body);
  // The assistant reads the answer just computed: the same released aggregates, nothing more.
  return c.json({ data: { ...data, ai: await askAi(c.env.AI, aiInputFrom(data, body)) } });
}

/** The answer of the four data calls, for the OpenAPI document. */
const figures = output.etag('De cijfers per grafiek en benchmark.');

/** Data endpoints of spec 001 §7 Dashboard (staff): chart data per data location, benchmarks side by side. */
export const reportDataRoutes = new Hono<AppEnv>()
  .post('/data/:version/:lang/report/:id', requireRole('dashboard.view'), input.params(DataPath), input.body(ReportDataBody), figures, (c) => answer(c, { kind: 'report' }))
  .post('/data/:version/:lang/report/:id/section/:sid', requireRole('dashboard.view'), input.params(DataPath), input.body(ReportDataBody), figures, (c) => answer(c, { kind: 'section', id: idParam(c, 'sid') }))
  .post('/data/:version/:lang/report/:id/chart/:cid', requireRole('dashboard.view'), input.params(DataPath), input.body(ReportDataBody), figures, (c) => answer(c, { kind: 'chart', id: idParam(c, 'cid') }))
  .post('/data/:version/:lang/report/:id/dataLocation/:did', requireRole('dashboard.view'), input.params(DataPath), input.body(ReportDataBody), figures, (c) => answer(c, { kind: 'dataLocation', id: idParam(c, 'did') }));
