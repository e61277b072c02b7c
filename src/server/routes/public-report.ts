import { Hono } from 'hono';
import { consumeAttempt } from '../auth/throttle';
import { type AppContext, type AppEnv, clientMeta, serviceContext } from '../context';
import { AppError, nl } from '../errors';
import { readBody } from '../http/body';
import { publicAccess } from '../middleware/guards';
import { PUBLIC_DATA_THROTTLE, type PublicScope, computePublicReportData } from '../services/report-data/public-report';
import { ReportDataBody } from '../../shared/validation/report-data';
import { idParam } from './params';

async function answer(c: AppContext, scope: PublicScope) {
  const version = c.req.param('version') ?? '';
  const lang = c.req.param('lang') ?? '';
  if (!/^[\w.-]{1,40}$/.test(version) || !/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(lang)) throw new AppError('NOT_FOUND', nl.notFound);
  const reportId = idParam(c, 'id');
  const ctx = serviceContext(c);
  await consumeAttempt(ctx.db, PUBLIC_DATA_THROTTLE, clientMeta(c).ip, ctx.now);
  const body = await readBody(c, ReportDataBody);
  return c.json({ data: await computePublicReportData(ctx, reportId, lang, scope, body) });
}

/**
 * Public data of reports with direct access (spec 000 §2.1): the staff data call's answer without
 * login, for the report or one chart. Reports without direct access are 404.
 */
export const publicReportRoutes = new Hono<AppEnv>()
  .post('/data/:version/:lang/report/:id', publicAccess, (c) => answer(c, { kind: 'report' }))
  .post('/data/:version/:lang/report/:id/chart/:cid', publicAccess, (c) => answer(c, { kind: 'chart', id: idParam(c, 'cid') }));
