import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createLicence, deleteLicence, getLicence, updateLicence } from '../services/projects/licences';
import { listLicences } from '../services/projects/list-licences';
import { listProjectPart } from '../services/projects/list-project-part';
import { projectsNl } from '../../shared/i18n/projects';
import { LicenceInput, LicenceUpdate } from '../../shared/validation/projects';
import { idParam } from './params';

const meta = { dutch: projectsNl.licence };

/** Licences: per project (project/{id}/license[/{lid}]) and the list of /manage/license (GET license). */
export const projectLicenceRoutes = new Hono<AppEnv>()
  .get('/license', requireRole(['user.access', 'company.access']), async (c) => c.json({ data: await listLicences(userServiceContext(c)), meta }))
  .get('/project/:id/license', requireRole('project.view'), async (c) => c.json({ data: await listProjectPart(userServiceContext(c), idParam(c, 'id'), 'licenses'), meta }))
  .post('/project/:id/license', requireRole('project.edit'), input.body(LicenceInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createLicence(userServiceContext(c), id, body), meta, alert: projectsNl.created(projectsNl.licence) }, 201);
  })
  .get('/project/:id/license/:lid', requireRole('project.view'), async (c) => c.json({ data: await getLicence(userServiceContext(c), idParam(c, 'id'), idParam(c, 'lid')), meta }))
  .put('/project/:id/license/:lid', requireRole('project.edit'), input.body(LicenceUpdate), async (c) => {
    const [id, lid] = [idParam(c, 'id'), idParam(c, 'lid')];
    const body = c.req.valid('json');
    return c.json({ data: await updateLicence(userServiceContext(c), id, lid, body), meta, alert: projectsNl.saved(projectsNl.licence) });
  })
  .delete('/project/:id/license/:lid', requireRole('project.edit'), async (c) => {
    await deleteLicence(userServiceContext(c), idParam(c, 'id'), idParam(c, 'lid'));
    return c.json({ data: null, meta, alert: projectsNl.deleted });
  });
