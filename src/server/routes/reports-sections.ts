import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createSection } from '../services/reports/create-section';
import { deleteSection } from '../services/reports/delete-section';
import { reorderSections } from '../services/reports/reorder-sections';
import { updateSection } from '../services/reports/update-section';
import { reportsNl } from '../../shared/i18n/reports';
import { OrderInput, SectionInput, SectionUpdate } from '../../shared/validation/reports';
import { idParam } from './params';

const meta = { dutch: reportsNl.section };

/** Sections of a report (spec 001 §7 Dashboard, Section). */
export const reportSectionRoutes = new Hono<AppEnv>()
  .post('/report/:id/section', requireRole('dashboard.edit'), input.body(SectionInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createSection(userServiceContext(c), id, body), meta, alert: reportsNl.created(reportsNl.section) }, 201);
  })
  .patch('/report/:id/section/order', requireRole('dashboard.edit'), input.body(OrderInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await reorderSections(userServiceContext(c), id, body), meta, alert: reportsNl.ordered });
  })
  .put('/report/:id/section/:sectionId', requireRole('dashboard.edit'), input.body(SectionUpdate), async (c) => {
    const [id, sectionId] = [idParam(c, 'id'), idParam(c, 'sectionId')];
    const body = c.req.valid('json');
    return c.json({ data: await updateSection(userServiceContext(c), id, sectionId, body), meta, alert: reportsNl.saved(reportsNl.section) });
  })
  .delete('/report/:id/section/:sectionId', requireRole('dashboard.edit'), async (c) => {
    await deleteSection(userServiceContext(c), idParam(c, 'id'), idParam(c, 'sectionId'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  });
