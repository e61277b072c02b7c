import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { consumeAttempt } from '../auth/throttle';
import { type AppEnv, clientMeta, serviceContext } from '../context';
import { input } from '../http/input';
import { publicAccess } from '../middleware/guards';
import { PUBLIC_DATA_THROTTLE, type PublicScope, computePublicReportData } from '../services/report-data/public-report';
import { ReportDataBody } from '../../shared/validation/report-data';
import { recordPublicView } from '../services/report-data/public-access-audit';
import { DataPath, idParam } from './params';

type DataContext = Context<AppEnv, string, { out: { param: z.output<typeof DataPath>; json: z.output<typeof ReportDataBody> } }>;

async function answer(c: DataContext, scope: PublicScope) {
  const { lang, id: reportId } = c.req.valid('param');
  const body = c.req.valid('json');
  const ctx = serviceContext(c);
  await consumeAttempt(ctx.db, PUBLIC_DATA_THROTTLE, clientMeta(c).ip, ctx.now);
  const data = await computePublicReportData(ctx, reportId, lang, scope, body);
  // Public access is in the audit trail: one row per report per day (public-access-audit.ts).
  await recordPublicView(ctx.db, reportId, clientMeta(c).ip, ctx.now);
  return c.json({ data });
}

/**
 * Public data of reports with direct access (spec 000 §2.1): the staff data call's answer without
 * login, for the report or one chart. Reports without direct access are 404.
 */
export const publicReportRoutes = new Hono<AppEnv>()
  .post('/data/:version/:lang/report/:id', publicAccess, input.params(DataPath), input.body(ReportDataBody), (c) => answer(c, { kind: 'report' }))
  .post('/data/:version/:lang/report/:id/chart/:cid', publicAccess, input.params(DataPath), input.body(ReportDataBody), (c) => answer(c, { kind: 'chart', id: idParam(c, 'cid') }));
