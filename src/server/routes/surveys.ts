import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { AppError } from '../errors';
import { readBody, validate } from '../http/body';
import { requireRole } from '../middleware/guards';
import { presentJob } from '../services/jobs/get-job';
import { getSurveyAdmin } from '../services/surveys/get-survey-admin';
import { getSurveyLink } from '../services/surveys/get-link';
import { importSurvey } from '../services/surveys/import-survey';
import { listSurveys } from '../services/surveys/list-surveys';
import { uploadResponses } from '../services/surveys/responses/upload-responses';
import { updateAccuracy } from '../services/surveys/update-accuracy';
import { surveysNl } from '../../shared/i18n/surveys';
import { AccuracyInput } from '../../shared/validation/surveys';
import { LinkQuery } from '../../shared/validation/participate';
import { jobRoutes } from './jobs';
import { readUploadedFile } from './surveys-upload';
import { surveyStructureRoutes } from './surveys-structure';
import { surveyTokenRoutes } from './surveys-tokens';

const Id = z.object({ id: z.coerce.number().int().positive() });
const ImportFields = z.object({ project_id: z.coerce.number().int().positive().optional(), company_id: z.coerce.number().int().positive().optional() });
const READ = ['survey.access', 'survey.view'] as const;

const surveyMainRoutes = new Hono<AppEnv>()
  .get('/survey/index-items', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'own') }))
  .get('/survey/index-items/all', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'all') }))
  .get('/survey/index-items/light', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'light') }))
  .post('/survey/import', requireRole('survey.edit'), async (c) => {
    const { file, fields } = await readUploadedFile(c);
    if (!file) throw new AppError('VALIDATION', surveysNl.import.noFile, { file: [surveysNl.import.noFile] });
    const input = validate(ImportFields, { project_id: fields.project_id || undefined, company_id: fields.company_id || undefined });
    const data = await importSurvey(userServiceContext(c), { xml: await file.text(), projectId: input.project_id, companyId: input.company_id });
    return c.json({ data, meta: { dutch: surveysNl.survey }, alert: surveysNl.import.created }, 201);
  })
  .get('/survey/:id/admin', requireRole(['survey.view', 'survey.edit', 'survey.upload']), async (c) => {
    const { id } = validate(Id, c.req.param());
    return c.json({ data: await getSurveyAdmin(userServiceContext(c), id) });
  })
  .put('/survey/:id/accuracy', requireRole('survey.edit'), async (c) => {
    const { id } = validate(Id, c.req.param());
    const data = await updateAccuracy(userServiceContext(c), id, await readBody(c, AccuracyInput));
    return c.json({ data, meta: { dutch: surveysNl.survey }, alert: surveysNl.accuracy.saved });
  })
  .get('/survey/:id/link', requireRole(READ), async (c) => {
    const { id } = validate(Id, c.req.param());
    const { token_id } = validate(LinkQuery, c.req.query());
    return c.json({ data: await getSurveyLink(userServiceContext(c), id, new URL(c.req.url).origin, token_id) });
  })
  .post('/survey/:id/response', requireRole(['survey.edit', 'survey.upload']), async (c) => {
    const { id } = validate(Id, c.req.param());
    const { file } = await readUploadedFile(c);
    const job = await uploadResponses(userServiceContext(c), id, file, file?.name);
    return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: surveysNl.responses.queued }, 202);
  });

/** The Survey api of spec 001 §7 and GET job/{id}. Specific paths first: /survey/:id/:lang matches last. */
export const surveyRoutes = new Hono<AppEnv>()
  .route('/', jobRoutes)
  .route('/', surveyMainRoutes)
  .route('/', surveyTokenRoutes)
  .route('/', surveyStructureRoutes);
