import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import { deleteResponse } from '../services/surveys/browser/delete-response';
import { exportResponsesCsv } from '../services/surveys/browser/export-responses';
import { getResponse } from '../services/surveys/browser/get-response';
import { listResponses } from '../services/surveys/browser/list-responses';
import { surveysNl } from '../../shared/i18n/surveys';
import { ResponseFilterQuery, ResponseListQuery } from '../../shared/validation/surveys';
import { IdPath, IdParam } from './params';

const ResponseParams = IdPath.extend({ rid: IdParam });

/**
 * The response browser: individual responses, so survey.edit only (row-level: the survey's
 * company), never reachable from reports. Export and deletion are recorded in survey_audit.
 */
export const surveyResponseRoutes = new Hono<AppEnv>()
  .get('/survey/:id/responses', requireRole('survey.edit'), input.params(IdPath), input.query(ResponseListQuery), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await listResponses(userServiceContext(c), id, c.req.valid('query')));
  })
  .get('/survey/:id/responses/export', requireRole('survey.edit'), input.params(IdPath), input.query(ResponseFilterQuery), output.file('text/csv', 'De respons als CSV (`;`).'), async (c) => {
    const { id } = c.req.valid('param');
    const { stream, filename } = await exportResponsesCsv(userServiceContext(c), id, c.req.valid('query'));
    return c.body(stream, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  })
  .get('/survey/:id/responses/:rid', requireRole('survey.edit'), input.params(ResponseParams), async (c) => {
    const { id, rid } = c.req.valid('param');
    return c.json({ data: await getResponse(userServiceContext(c), id, rid) });
  })
  .delete('/survey/:id/responses/:rid', requireRole('survey.edit'), input.params(ResponseParams), async (c) => {
    const { id, rid } = c.req.valid('param');
    const data = await deleteResponse(userServiceContext(c), id, rid);
    return c.json({ data, meta: { dutch: surveysNl.browser.answersOf(rid) }, alert: surveysNl.browser.deleted });
  });
