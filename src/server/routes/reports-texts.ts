import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createText } from '../services/reports/create-text';
import { deleteText } from '../services/reports/delete-text';
import { updateText } from '../services/reports/update-text';
import { reportsNl } from '../../shared/i18n/reports';
import { TextInput, TextUpdate } from '../../shared/validation/reports-parts';
import { idParam } from './params';

const meta = { dutch: reportsNl.text };

/** Markdown texts before/after a section or chart (spec 001 §7 Dashboard, text). */
export const reportTextRoutes = new Hono<AppEnv>()
  .post('/text', requireRole('dashboard.edit'), input.body(TextInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createText(userServiceContext(c), body), meta, alert: reportsNl.created(reportsNl.text) }, 201);
  })
  .put('/text/:id', requireRole('dashboard.edit'), input.body(TextUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateText(userServiceContext(c), id, body), meta, alert: reportsNl.saved(reportsNl.text) });
  })
  .delete('/text/:id', requireRole('dashboard.edit'), async (c) => {
    await deleteText(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  });
