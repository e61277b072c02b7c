import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { requireRole } from '../middleware/guards';
import { linkProjectSurvey } from '../services/projects/link-project-survey';
import { listProjectPart } from '../services/projects/list-project-part';
import { unlinkProjectSurvey } from '../services/projects/unlink-project-survey';
import { projectsNl } from '../../shared/i18n/projects';
import { idParam } from './params';

const meta = { dutch: projectsNl.projectSurvey };

/** Surveys linked to a project (spec 001 §7 project/{id}/survey[/{sid}]). */
export const projectSurveyRoutes = new Hono<AppEnv>()
  .get('/project/:id/survey', requireRole('project.view'), async (c) => c.json({ data: await listProjectPart(userServiceContext(c), idParam(c, 'id'), 'surveys'), meta }))
  .put('/project/:id/survey/:sid', requireRole('project.edit'), async (c) => {
    const data = await linkProjectSurvey(userServiceContext(c), idParam(c, 'id'), idParam(c, 'sid'));
    return c.json({ data, meta, alert: projectsNl.linked });
  })
  .delete('/project/:id/survey/:sid', requireRole('project.edit'), async (c) => {
    const data = await unlinkProjectSurvey(userServiceContext(c), idParam(c, 'id'), idParam(c, 'sid'));
    return c.json({ data, meta, alert: projectsNl.unlinked });
  });
