import { Hono } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import { presentJob } from '../services/jobs/get-job';
import { exportTokensCsv } from '../services/surveys/export-tokens';
import { eraseParticipant, exportParticipantData } from '../services/surveys/erase-participant';
import { generateTokens } from '../services/surveys/generate-tokens';
import { listTokenFieldAnswers, listTokenFields, listTokens, toggleTokenCompleted } from '../services/surveys/tokens';
import { surveysNl } from '../../shared/i18n/surveys';
import { GenerateTokensInput, TokenListQuery, ToggleTokenInput } from '../../shared/validation/surveys';
import { IdPath } from './params';

const FieldParams = IdPath.extend({ field: z.string().min(1).max(64) });
const TokenPath = IdPath.extend({ tid: z.coerce.number({ error: 'Onbekende deelnemer.' }).int().positive() });

/** Participants (tokens) of a survey. */
export const surveyTokenRoutes = new Hono<AppEnv>()
  .get('/survey/:id/token', requireRole(['survey.view', 'survey.edit']), input.params(IdPath), input.query(TokenListQuery), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await listTokens(userServiceContext(c), id, c.req.valid('query')));
  })
  .get('/survey/:id/token/export', requireRole('survey.tokens.export'), input.params(IdPath), output.file('text/csv', 'De deelnemers met hun codes als CSV.'), async (c) => {
    const { id } = c.req.valid('param');
    const { stream, filename } = await exportTokensCsv(userServiceContext(c), id);
    return c.body(stream, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
  })
  // AVG art. 17: one participant's personal data erased on request; the answers stay anonymous.
  .post('/survey/:id/token/:tid/erase', requireRole('survey.tokens.export'), input.params(TokenPath), async (c) => {
    const { id, tid } = c.req.valid('param');
    return c.json({ data: await eraseParticipant(userServiceContext(c), id, tid), meta: { dutch: surveysNl.tokens.erasedMeta }, alert: surveysNl.tokens.erased });
  })
  // AVG art. 15: everything kept about one participant, as a file.
  .get('/survey/:id/token/:tid/personal-data', requireRole('survey.tokens.export'), input.params(TokenPath), output.file('application/json', 'Alle gegevens van één deelnemer (inzageverzoek) als JSON.'), async (c) => {
    const { id, tid } = c.req.valid('param');
    const { filename, data } = await exportParticipantData(userServiceContext(c), id, tid);
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
  })
  .get('/survey/:id/tokenField', requireRole(['survey.view', 'survey.edit']), input.params(IdPath), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await listTokenFields(userServiceContext(c), id) });
  })
  .get('/survey/:id/tokenfield/:field/answer', requireRole(['survey.view', 'survey.edit']), input.params(FieldParams), async (c) => {
    const { id, field } = c.req.valid('param');
    return c.json({ data: await listTokenFieldAnswers(userServiceContext(c), id, field) });
  })
  .post('/survey/:id/token/generate', requireRole('survey.edit'), input.params(IdPath), input.body(GenerateTokensInput), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const job = await generateTokens(userServiceContext(c), id, body);
    return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: surveysNl.tokens.generating(body.count) }, 202);
  })
  .put('/survey/:id/token/toggle', requireRole('survey.edit'), input.params(IdPath), input.body(ToggleTokenInput), async (c) => {
    const { id } = c.req.valid('param');
    const { token_id } = c.req.valid('json');
    const data = await toggleTokenCompleted(userServiceContext(c), id, token_id);
    return c.json({ data, meta: { dutch: surveysNl.token }, alert: surveysNl.tokens.toggled });
  });
