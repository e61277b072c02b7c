import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { presentJob } from '../services/jobs/get-job';
import { deleteConnection, getConnection, saveConnection } from '../services/lime/connection';
import { importRemoteSurvey } from '../services/lime/import-remote';
import { setSchedule, syncNow } from '../services/lime/link';
import { listRemoteSurveys } from '../services/lime/remote-surveys';
import { surveysNl } from '../../shared/i18n/surveys';
import { LimeConnectionInput, LimeImportInput, LimeScheduleInput, LimeSurveysQuery } from '../../shared/validation/lime';
import { IdPath } from './params';

const t = surveysNl.lime;

/** The company's LimeSurvey installation (RemoteControl 2): connection, its surveys, import, sync. Registered before /survey/:id. */
export const surveyLimeRoutes = new Hono<AppEnv>()
  .get('/survey/lime', requireRole('survey.edit'), async (c) => c.json({ data: await getConnection(userServiceContext(c)) }))
  .put('/survey/lime', requireRole('survey.edit'), input.body(LimeConnectionInput), async (c) => {
    const data = await saveConnection(userServiceContext(c), c.req.valid('json'));
    return c.json({ data, alert: t.saved });
  })
  .delete('/survey/lime', requireRole('survey.edit'), async (c) => c.json({ data: await deleteConnection(userServiceContext(c)), alert: t.removed }))
  .get('/survey/lime/surveys', requireRole('survey.edit'), input.query(LimeSurveysQuery), async (c) => {
    const { mine } = c.req.valid('query');
    return c.json({ data: await listRemoteSurveys(userServiceContext(c), { mine: mine === '1' }) });
  })
  .post('/survey/lime/import', requireRole('survey.edit'), input.body(LimeImportInput), async (c) => {
    const data = await importRemoteSurvey(userServiceContext(c), c.req.valid('json'));
    return c.json({ data, meta: { dutch: surveysNl.survey }, alert: t.imported }, 201);
  })
  .post('/survey/:id/lime/sync', requireRole('survey.edit'), input.params(IdPath), async (c) => {
    const { id } = c.req.valid('param');
    const job = await syncNow(userServiceContext(c), id);
    return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: t.syncQueued }, 202);
  })
  .put('/survey/:id/lime', requireRole('survey.edit'), input.params(IdPath), input.body(LimeScheduleInput), async (c) => {
    const { id } = c.req.valid('param');
    const { sync_enabled } = c.req.valid('json');
    return c.json({ data: await setSchedule(userServiceContext(c), id, sync_enabled), alert: t.scheduleSaved });
  });
