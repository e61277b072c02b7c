import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole, requireUser } from '../middleware/guards';
import { checkReports, listNewReports } from '../services/admin/check-reports';
import { decideAccessRequest } from '../services/admin/decide-access-request';
import { deleteLooseEnd } from '../services/admin/delete-loose-end';
import { getAdminOverview } from '../services/admin/get-overview';
import { auditUsers, exportAudit, listAudit } from '../services/admin/list-audit';
import { deleteOrphanFile, listFiles } from '../services/admin/list-files';
import { listLooseEnds } from '../services/admin/list-loose-ends';
import { listSoftDeletes } from '../services/admin/list-soft-deletes';
import { purgeSoftDelete } from '../services/admin/purge-soft-delete';
import { requestAccess } from '../services/admin/request-access';
import { getShowcaseVideo, removeShowcaseVideo, setShowcaseVideo } from '../services/admin/showcase-video';
import { restartJob } from '../services/admin/restart-job';
import { restoreSoftDelete } from '../services/admin/restore-soft-delete';
import { AppError, nl } from '../errors';
import { adminNl } from '../../shared/i18n/admin';
import { looseEndsNl } from '../../shared/i18n/admin-loose-ends';
import { filesNl } from '../../shared/i18n/admin-files';
import { AccessDecisionInput, AccessRequestInput, AuditQuery, LooseEndQuery, OrphanKeyInput, ShowcaseVideoInput, SoftDeleteResource } from '../../shared/validation/admin';
import { idParam } from './params';

const meta = { dutch: 'Beheer' };
/** An unknown resource in the path is a page that doesn't exist (404), like an unknown id. */
const resourceParam = (raw: string | undefined) => {
  const parsed = SoftDeleteResource.safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND', nl.notFound);
  return parsed.data;
};

/** Admin calls (spec 000 §7) and the admin screens' reads; admin.view reads, admin.edit repairs, admin.delete removes. */
export const adminRoutes = new Hono<AppEnv>()
  .post('/admin/requestAccess', requireUser, input.body(AccessRequestInput), async (c) => {
    const body = c.req.valid('json');
    const { id, alert } = await requestAccess(userServiceContext(c), body, new URL(c.req.url).origin);
    return c.json({ data: { id }, meta, alert }, 201);
  })
  // The front page's showcase video (installation-wide; changing it: root administrators).
  .get('/admin/showcaseVideo', requireRole('admin.view'), async (c) => c.json({ data: await getShowcaseVideo(userServiceContext(c)), meta }))
  .put('/admin/showcaseVideo', requireRole('admin.edit'), input.body(ShowcaseVideoInput), async (c) =>
    c.json({ data: await setShowcaseVideo(userServiceContext(c), c.req.valid('json')), meta, alert: adminNl.showcase.saved }),
  )
  .delete('/admin/showcaseVideo', requireRole('admin.edit'), async (c) => {
    await removeShowcaseVideo(userServiceContext(c));
    return c.json({ data: null, meta, alert: adminNl.showcase.removed });
  })
  .get('/admin/overview', requireRole('admin.view'), async (c) => c.json({ data: await getAdminOverview(userServiceContext(c)), meta }))
  // The audit trail: read and export only (no route updates or deletes a row). Beheerders: their organisation.
  .get('/admin/audit', requireRole(['admin.view', 'user.edit']), input.query(AuditQuery), async (c) => {
    const result = await listAudit(userServiceContext(c), c.req.valid('query'));
    return c.json({ data: result.rows, meta: { ...meta, next: result.next } });
  })
  .get('/admin/audit/users', requireRole(['admin.view', 'user.edit']), async (c) => c.json({ data: await auditUsers(userServiceContext(c)), meta }))
  .get('/admin/audit/export', requireRole(['admin.view', 'user.edit']), input.query(AuditQuery), output.file('text/csv', 'De regels van de audittrail die de filters kiezen, als CSV.'), async (c) => {
    const { stream, filename } = await exportAudit(userServiceContext(c), c.req.valid('query'));
    return c.body(stream, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
  })
  .post('/admin/accessRequest/:id', requireRole('admin.edit'), input.body(AccessDecisionInput), async (c) => {
    const id = idParam(c, 'id');
    const result = await decideAccessRequest(userServiceContext(c), id, c.req.valid('json'));
    return c.json({ data: result, meta, alert: result.status === 'granted' ? adminNl.access.granted : adminNl.access.declined });
  })
  .get('/admin/softDeletes/:resource', requireRole('admin.view'), async (c) => c.json({ data: await listSoftDeletes(userServiceContext(c), resourceParam(c.req.param('resource'))), meta }))
  .post('/admin/softDelete/:resource/restore/:id', requireRole('admin.edit'), async (c) => {
    const resource = resourceParam(c.req.param('resource'));
    const result = await restoreSoftDelete(userServiceContext(c), resource, idParam(c, 'id'));
    return c.json({ data: result, meta, alert: adminNl.softDeletes.restoredAlert(result.restored) });
  })
  .delete('/admin/softDelete/:resource/delete/:id', requireRole('admin.delete'), async (c) => {
    const resource = resourceParam(c.req.param('resource'));
    return c.json({ data: await purgeSoftDelete(userServiceContext(c), resource, idParam(c, 'id')), meta, alert: adminNl.softDeletes.purgedAlert });
  })
  .get('/admin/looseEnds', requireRole('admin.view'), async (c) => c.json({ data: await listLooseEnds(userServiceContext(c)), meta }))
  .delete('/admin/looseEnd/:id', requireRole(['admin.delete']), input.query(LooseEndQuery), async (c) => {
    const id = idParam(c, 'id');
    const { type } = c.req.valid('query');
    return c.json({ data: await deleteLooseEnd(userServiceContext(c), type, id), meta, alert: looseEndsNl.deleted });
  })
  .post('/admin/job/:id/restart', requireRole('admin.edit'), async (c) => c.json({ data: await restartJob(userServiceContext(c), idParam(c, 'id')), meta, alert: looseEndsNl.restarted }))
  .get('/admin/reports/new', requireRole('admin.view'), async (c) => c.json({ data: await listNewReports(userServiceContext(c)), meta }))
  .get('/admin/reports/check', requireRole('admin.view'), async (c) => c.json({ data: await checkReports(userServiceContext(c)), meta }))
  .get('/admin/files', requireRole('admin.view'), async (c) => c.json({ data: await listFiles(userServiceContext(c)), meta }))
  .delete('/admin/file', requireRole('admin.delete'), input.body(OrphanKeyInput), async (c) => {
    const { key } = c.req.valid('json');
    return c.json({ data: await deleteOrphanFile(userServiceContext(c), key), meta, alert: filesNl.removed });
  });
