import { Hono } from 'hono';
import { askAi } from '../ai/ask-ai';
import { aiInputFrom } from '../services/report-data/ai-input';
import type { AppContext, AppEnv } from '../context';
import { userServiceContext } from '../context';
import { AppError, nl } from '../errors';
import { readBody } from '../http/body';
import { requireRole } from '../middleware/guards';
import { computeReportDataFor, reportDataBody } from '../services/report-data/compute-report-data';
import type { ReportDataScope } from '../services/report-data/resolve-scope';
import { ReportDataBody } from '../../shared/validation/report-data';
import { idParam } from './params';

/** {version} is the client's data version (cache key), {lang} one of the report's languages. */
function versionAndLang(c: AppContext): string {
  const version = c.req.param('version') ?? '';
  const lang = c.req.param('lang') ?? '';
  if (!/^[\w.-]{1,40}$/.test(version) || !/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(lang)) throw new AppError('NOT_FOUND', nl.notFound);
  return lang;
}

async function answer(c: AppContext, scope: ReportDataScope) {
  const lang = versionAndLang(c);
  const reportId = idParam(c, 'id');
  const body = await readBody(c, ReportDataBody);
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

/** Data endpoints of spec 001 §7 Dashboard (staff): chart data per data location, benchmarks side by side. */
export const reportDataRoutes = new Hono<AppEnv>()
  .post('/data/:version/:lang/report/:id', requireRole('dashboard.view'), (c) => answer(c, { kind: 'report' }))
  .post('/data/:version/:lang/report/:id/section/:sid', requireRole('dashboard.view'), (c) => answer(c, { kind: 'section', id: idParam(c, 'sid') }))
  .post('/data/:version/:lang/report/:id/chart/:cid', requireRole('dashboard.view'), (c) => answer(c, { kind: 'chart', id: idParam(c, 'cid') }))
  .post('/data/:version/:lang/report/:id/dataLocation/:did', requireRole('dashboard.view'), (c) => answer(c, { kind: 'dataLocation', id: idParam(c, 'did') }));
