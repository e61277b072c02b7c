import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import { deleteScheme } from '../services/weighting/delete-scheme';
import { exportWeights } from '../services/weighting/export-weights';
import { getScheme } from '../services/weighting/get-scheme';
import { listSchemes } from '../services/weighting/list-schemes';
import { saveScheme } from '../services/weighting/save-scheme';
import { weightingNl } from '../../shared/i18n/weighting';
import { WeightingSchemeInput } from '../../shared/validation/weighting';

const Id = z.object({ id: z.coerce.number().int().positive() });
const SchemeParams = Id.extend({ wid: z.coerce.number().int().positive() });
const meta = { dutch: weightingNl.scheme };

/** Weighting schemes of a survey (issue 31): survey.edit, the survey's company only. */
export const surveyWeightingRoutes = new Hono<AppEnv>()
  .get('/survey/:id/weighting', requireRole('survey.edit'), input.params(Id), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await listSchemes(userServiceContext(c), id) });
  })
  .post('/survey/:id/weighting', requireRole('survey.edit'), input.params(Id), input.body(WeightingSchemeInput), async (c) => {
    const { id } = c.req.valid('param');
    const data = await saveScheme(userServiceContext(c), id, null, c.req.valid('json'));
    return c.json({ data, meta, alert: weightingNl.created }, 201);
  })
  .get('/survey/:id/weighting/:wid', requireRole('survey.edit'), input.params(SchemeParams), async (c) => {
    const { id, wid } = c.req.valid('param');
    return c.json({ data: await getScheme(userServiceContext(c), id, wid) });
  })
  .put('/survey/:id/weighting/:wid', requireRole('survey.edit'), input.params(SchemeParams), input.body(WeightingSchemeInput), async (c) => {
    const { id, wid } = c.req.valid('param');
    const data = await saveScheme(userServiceContext(c), id, wid, c.req.valid('json'));
    return c.json({ data, meta, alert: weightingNl.saved });
  })
  .delete('/survey/:id/weighting/:wid', requireRole('survey.edit'), input.params(SchemeParams), async (c) => {
    const { id, wid } = c.req.valid('param');
    return c.json({ data: await deleteScheme(userServiceContext(c), id, wid), meta, alert: weightingNl.deleted });
  })
  .get('/survey/:id/weighting/:wid/weights', requireRole('survey.edit'), input.params(SchemeParams), output.file('text/csv', 'De gewichten als CSV: `response_id;weight`, één regel per respondent in het universum.'), async (c) => {
    const { id, wid } = c.req.valid('param');
    const { body, filename } = await exportWeights(userServiceContext(c), id, wid);
    return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  });
