import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createProject } from '../services/projects/create-project';
import { deleteProject } from '../services/projects/delete-project';
import { getProject } from '../services/projects/get-project';
import { listPossibleParents } from '../services/projects/list-possible-parents';
import { listProjectIndexItems } from '../services/projects/list-project-index-items';
import { listProjectPart } from '../services/projects/list-project-part';
import { listProjects } from '../services/projects/list-projects';
import { updateProject } from '../services/projects/update-project';
import { projectsNl } from '../../shared/i18n/projects';
import { ProjectGetQuery, ProjectInput, ProjectListQuery, ProjectUpdate } from '../../shared/validation/projects';
import { idParam } from './params';
import { projectMemberRoutes } from './projects-members';
import { projectSurveyRoutes } from './projects-surveys';
import { projectLicenceRoutes } from './projects-licences';
import { projectMessageRoutes } from './projects-messages';

const meta = { dutch: projectsNl.project };

/** Project api of spec 001 §7 (messages and files: projects-messages.ts). */
export const projectRoutes = new Hono<AppEnv>()
  .get('/project', requireRole('project.view'), input.query(ProjectListQuery), async (c) => {
    const query = c.req.valid('query');
    const all = query.all === '1' || query.all === 'true';
    const items = await listProjects(userServiceContext(c), { all });
    return c.json({ data: items, meta: { ...meta, all, total: items.length } });
  })
  // Before /project/:id so 'index-items' is not taken for an id.
  .get('/project/index-items', requireRole('project.view'), async (c) => c.json({ data: await listProjectIndexItems(userServiceContext(c)), meta }))
  .get('/project/index-items/all', requireRole('project.view'), async (c) => c.json({ data: await listProjectIndexItems(userServiceContext(c), true), meta }))
  .get('/project/:id', requireRole('project.view'), input.query(ProjectGetQuery), async (c) => {
    const id = idParam(c, 'id');
    const { include } = c.req.valid('query');
    return c.json({ data: await getProject(userServiceContext(c), id, include), meta });
  })
  .get('/project/:id/subProject', requireRole('project.view'), async (c) => c.json({ data: await listProjectPart(userServiceContext(c), idParam(c, 'id'), 'subProjects'), meta }))
  .get('/project/:id/report', requireRole('project.view'), async (c) => c.json({ data: await listProjectPart(userServiceContext(c), idParam(c, 'id'), 'reports'), meta }))
  .get('/project/:id/possibleParents', requireRole('project.view'), async (c) => c.json({ data: await listPossibleParents(userServiceContext(c), idParam(c, 'id')), meta }))
  .post('/project', requireRole('project.create'), input.body(ProjectInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createProject(userServiceContext(c), body), meta, alert: projectsNl.created(projectsNl.project) }, 201);
  })
  .put('/project/:id', requireRole('project.edit'), input.body(ProjectUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateProject(userServiceContext(c), id, body), meta, alert: projectsNl.saved(projectsNl.project) });
  })
  .delete('/project/:id', requireRole('project.edit'), async (c) => {
    await deleteProject(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: projectsNl.deleted });
  })
  .route('/', projectMemberRoutes)
  .route('/', projectSurveyRoutes)
  .route('/', projectLicenceRoutes)
  .route('/', projectMessageRoutes);
