import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { readBody } from '../http/body';
import { requireRole } from '../middleware/guards';
import { deleteScheme } from '../services/weighting/delete-scheme';
import { exportWeights } from '../services/weighting/export-weights';
import { getScheme } from '../services/weighting/get-scheme';
import { listSchemes } from '../services/weighting/list-schemes';
import { saveScheme } from '../services/weighting/save-scheme';
import { weightingNl } from '../../shared/i18n/weighting';
import { WeightingSchemeInput } from '../../shared/validation/weighting';
import { paramsOf } from './params';

const Id = z.object({ id: z.coerce.number().int().positive() });
const SchemeParams = Id.extend({ wid: z.coerce.number().int().positive() });
const meta = { dutch: weightingNl.scheme };

/** Weighting schemes of a survey (issue 31): survey.edit, the survey's company only. */
export const surveyWeightingRoutes = new Hono<AppEnv>()
  .get('/survey/:id/weighting', requireRole('survey.edit'), async (c) => {
    const { id } = paramsOf(c, Id);
    return c.json({ data: await listSchemes(userServiceContext(c), id) });
  })
  .post('/survey/:id/weighting', requireRole('survey.edit'), async (c) => {
    const { id } = paramsOf(c, Id);
    const data = await saveScheme(userServiceContext(c), id, null, await readBody(c, WeightingSchemeInput));
    return c.json({ data, meta, alert: weightingNl.created }, 201);
  })
  .get('/survey/:id/weighting/:wid', requireRole('survey.edit'), async (c) => {
    const { id, wid } = paramsOf(c, SchemeParams);
    return c.json({ data: await getScheme(userServiceContext(c), id, wid) });
  })
  .put('/survey/:id/weighting/:wid', requireRole('survey.edit'), async (c) => {
    const { id, wid } = paramsOf(c, SchemeParams);
    const data = await saveScheme(userServiceContext(c), id, wid, await readBody(c, WeightingSchemeInput));
    return c.json({ data, meta, alert: weightingNl.saved });
  })
  .delete('/survey/:id/weighting/:wid', requireRole('survey.edit'), async (c) => {
    const { id, wid } = paramsOf(c, SchemeParams);
    return c.json({ data: await deleteScheme(userServiceContext(c), id, wid), meta, alert: weightingNl.deleted });
  })
  .get('/survey/:id/weighting/:wid/weights', requireRole('survey.edit'), async (c) => {
    const { id, wid } = paramsOf(c, SchemeParams);
    const { body, filename } = await exportWeights(userServiceContext(c), id, wid);
    return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  });
