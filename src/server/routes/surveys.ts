import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { AppError } from '../errors';
import { validate } from '../http/body';
import { requireRole } from '../middleware/guards';
import { presentJob } from '../services/jobs/get-job';
import { getSurveyAdmin } from '../services/surveys/get-survey-admin';
import { getSurveyLink } from '../services/surveys/get-link';
import { importSurvey } from '../services/surveys/import-survey';
import { importArchive } from '../services/surveys/archive/import-archive';
import { isZip } from '../services/surveys/archive/zip-entries';
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
import { surveyResponseRoutes } from './surveys-responses';
import { surveyWeightingRoutes } from './surveys-weighting';
import { surveyLimeRoutes } from './surveys-lime';
import { IdPath } from './params';

const ImportFields = z.object({
  project_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  confirm_duplicate: z.enum(['0', '1', 'true', 'false']).optional(),
});
const READ = ['survey.access', 'survey.view'] as const;

const surveyMainRoutes = new Hono<AppEnv>()
  .get('/survey/index-items', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'own') }))
  .get('/survey/index-items/all', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'all') }))
  .get('/survey/index-items/light', requireRole(READ), async (c) => c.json({ data: await listSurveys(userServiceContext(c), 'light') }))
  .post('/survey/import', requireRole('survey.edit'), input.upload(ImportFields), async (c) => {
    const { file, fields } = await readUploadedFile(c);
    if (!file) throw new AppError('VALIDATION', surveysNl.import.noFile, { file: [surveysNl.import.noFile] });
    const form = validate(ImportFields, { project_id: fields.project_id || undefined, company_id: fields.company_id || undefined, confirm_duplicate: fields.confirm_duplicate || undefined });
    const options = { projectId: form.project_id, companyId: form.company_id, confirmDuplicate: form.confirm_duplicate === '1' || form.confirm_duplicate === 'true' };
    const bytes = new Uint8Array(await file.arrayBuffer());
    // A LimeSurvey archive (.lsa, a zip): structure, responses and tokens in one job.
    if (isZip(bytes)) {
      const job = await importArchive(userServiceContext(c), bytes, { name: file.name, ...options });
      return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: surveysNl.import.archiveQueued }, 202);
    }
    const data = await importSurvey(userServiceContext(c), { xml: new TextDecoder('utf-8').decode(bytes), ...options });
    return c.json({ data, meta: { dutch: surveysNl.survey }, alert: data.groups === 0 ? surveysNl.import.createdEmpty : surveysNl.import.created }, 201);
  })
  .get('/survey/:id/admin', requireRole(['survey.view', 'survey.edit', 'survey.upload']), input.params(IdPath), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await getSurveyAdmin(userServiceContext(c), id) });
  })
  .put('/survey/:id/accuracy', requireRole('survey.edit'), input.params(IdPath), input.body(AccuracyInput), async (c) => {
    const { id } = c.req.valid('param');
    const data = await updateAccuracy(userServiceContext(c), id, c.req.valid('json'));
    return c.json({ data, meta: { dutch: surveysNl.survey }, alert: surveysNl.accuracy.saved });
  })
  .get('/survey/:id/link', requireRole(READ), input.params(IdPath), input.query(LinkQuery), async (c) => {
    const { id } = c.req.valid('param');
    const { token_id } = c.req.valid('query');
    return c.json({ data: await getSurveyLink(userServiceContext(c), id, new URL(c.req.url).origin, token_id) });
  })
  .post('/survey/:id/response', requireRole(['survey.edit', 'survey.upload']), input.params(IdPath), input.upload(), async (c) => {
    const { id } = c.req.valid('param');
    const { file } = await readUploadedFile(c);
    const job = await uploadResponses(userServiceContext(c), id, file, file?.name);
    return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: surveysNl.responses.queued }, 202);
  });

/** The Survey api of spec 001 §7 and GET job/{id}. Specific paths first: /survey/:id/:lang matches last. */
export const surveyRoutes = new Hono<AppEnv>()
  .route('/', jobRoutes)
  .route('/', surveyLimeRoutes)
  .route('/', surveyMainRoutes)
  .route('/', surveyTokenRoutes)
  .route('/', surveyResponseRoutes)
  .route('/', surveyWeightingRoutes)
  .route('/', surveyStructureRoutes);
