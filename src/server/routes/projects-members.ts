import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { addProjectMember } from '../services/projects/add-project-member';
import { listProjectMembers } from '../services/projects/list-project-members';
import { putProjectMember } from '../services/projects/put-project-member';
import { removeProjectMember } from '../services/projects/remove-project-member';
import { setProjectMembers } from '../services/projects/set-project-members';
import { projectsNl } from '../../shared/i18n/projects';
import { ProjectMemberInput, ProjectMembersInput, ProjectMemberUpdate } from '../../shared/validation/projects';
import { idParam } from './params';

const meta = { dutch: projectsNl.member };

/** Members of a project with their project role (spec 001 §7 project/{id}/user, /admin). */
export const projectMemberRoutes = new Hono<AppEnv>()
  .get('/project/:id/user', requireRole('project.view'), async (c) => c.json({ data: await listProjectMembers(userServiceContext(c), idParam(c, 'id')), meta }))
  .get('/project/:id/admin', requireRole('project.view'), async (c) => c.json({ data: await listProjectMembers(userServiceContext(c), idParam(c, 'id'), true), meta }))
  .post('/project/:id/user', requireRole('project.edit'), input.body(ProjectMemberInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await addProjectMember(userServiceContext(c), id, body), meta, alert: projectsNl.created(projectsNl.member) }, 201);
  })
  .put('/project/:id/user', requireRole('project.edit'), input.body(ProjectMembersInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await setProjectMembers(userServiceContext(c), id, body), meta, alert: projectsNl.saved(projectsNl.member) });
  })
  .put('/project/:id/user/:uid', requireRole('project.edit'), input.body(ProjectMemberUpdate), async (c) => {
    const [id, uid] = [idParam(c, 'id'), idParam(c, 'uid')];
    const body = c.req.valid('json');
    return c.json({ data: await putProjectMember(userServiceContext(c), id, uid, body), meta, alert: projectsNl.saved(projectsNl.member) });
  })
  .delete('/project/:id/user/:uid', requireRole('project.edit'), async (c) => {
    const data = await removeProjectMember(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'));
    return c.json({ data, meta, alert: projectsNl.deleted });
  });
