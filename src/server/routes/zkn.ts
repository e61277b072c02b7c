import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { readBody, validate } from '../http/body';
import { requireRole } from '../middleware/guards';
import { getRatingJob } from '../services/zkn/get-rating-job';
import { importProviders } from '../services/zkn/import-providers';
import { listProviders } from '../services/zkn/list-providers';
import { listRatingJobs } from '../services/zkn/list-rating-jobs';
import { ratingJobCsv } from '../services/zkn/rating-csv';
import { listRatingSurveys, startRatingJob, startSurveyRatingJob } from '../services/zkn/start-rating-job';
import { zknNl } from '../../shared/i18n/zkn';
import { ProviderQuery, RatingJobFields, RatingJobSurveyInput } from '../../shared/validation/zkn';
import { idParam } from './params';
import { readUploadedFile } from './surveys-upload';

const provider = { dutch: zknNl.provider };
const ratingJob = { dutch: zknNl.ratingJob };

/**
 * Healthcare-rating api (spec 001 §7). The spec's `GET company?type=&agb_code=` lives at
 * zkn/company: GET company is the Manage api's list of organisations.
 */
export const zknRoutes = new Hono<AppEnv>()
  .get('/zkn/company', requireRole('zkn.view'), input.query(ProviderQuery), async (c) => c.json({ data: await listProviders(userServiceContext(c), c.req.valid('query')), meta: provider }))
  .post('/zkn/company/import', requireRole('zkn.create'), input.upload(), async (c) => {
    const { file } = await readUploadedFile(c);
    const result = await importProviders(userServiceContext(c), file);
    return c.json({ data: result, meta: provider, alert: zknNl.imported(result.added, result.updated) });
  })
  .get('/ratingJob', requireRole('zkn.view'), async (c) => c.json({ data: await listRatingJobs(userServiceContext(c)), meta: ratingJob }))
  .get('/ratingJob/surveys', requireRole('zkn.create'), async (c) => c.json({ data: await listRatingSurveys(userServiceContext(c)), meta: ratingJob }))
  .get('/ratingJob/:id', requireRole('zkn.view'), async (c) => c.json({ data: await getRatingJob(userServiceContext(c), idParam(c, 'id')), meta: ratingJob }))
  .get('/ratingJob/:id/csv', requireRole('zkn.view'), output.file('text/csv', 'De beoordelingen als CSV.'), async (c) => {
    const { body, filename } = await ratingJobCsv(userServiceContext(c), idParam(c, 'id'));
    return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  })
  .post('/ratingJob', requireRole('zkn.create'), input.jsonAlternative(RatingJobSurveyInput), input.upload(RatingJobFields), async (c) => {
    if ((c.req.header('content-type') ?? '').includes('application/json')) {
      const started = await startSurveyRatingJob(userServiceContext(c), await readBody(c, RatingJobSurveyInput));
      return c.json({ data: started, meta: ratingJob, alert: zknNl.jobStarted }, 202);
    }
    const { file, fields } = await readUploadedFile(c);
    const form = validate(RatingJobFields, fields);
    const started = await startRatingJob(userServiceContext(c), form, file, file?.name ?? '');
    return c.json({ data: started, meta: ratingJob, alert: zknNl.jobStarted }, 202);
  });
