import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { getStructure, type StructurePart } from '../services/surveys/get-structure';
import { IdParam } from './params';

const READ = ['survey.access', 'survey.view'] as const;
const Params = z.object({
  id: IdParam,
  qid: IdParam.optional(),
  lang: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,12})*$/).optional(),
});

function structure(part: StructurePart) {
  return async (c: Context<AppEnv, string, { out: { param: z.output<typeof Params> } }>) => {
    const { id, qid, lang } = c.req.valid('param');
    return c.json({ data: await getStructure(userServiceContext(c), id, part, { qid, lang }) });
  };
}

/** GET survey/{id}[/group | /question[/{qid}/answer | /sub]][/{lang}] (spec 001 §7). */
export const surveyStructureRoutes = new Hono<AppEnv>()
  .get('/survey/:id/group', requireRole(READ), input.params(Params), structure('group'))
  .get('/survey/:id/group/:lang', requireRole(READ), input.params(Params), structure('group'))
  .get('/survey/:id/question', requireRole(READ), input.params(Params), structure('question'))
  .get('/survey/:id/question/:qid/answer', requireRole(READ), input.params(Params), structure('answer'))
  .get('/survey/:id/question/:qid/answer/:lang', requireRole(READ), input.params(Params), structure('answer'))
  .get('/survey/:id/question/:qid/sub', requireRole(READ), input.params(Params), structure('sub'))
  .get('/survey/:id/question/:qid/sub/:lang', requireRole(READ), input.params(Params), structure('sub'))
  .get('/survey/:id/question/:lang', requireRole(READ), input.params(Params), structure('question'))
  .get('/survey/:id', requireRole(READ), input.params(Params), structure('survey'))
  .get('/survey/:id/:lang', requireRole(READ), input.params(Params), structure('survey'));
