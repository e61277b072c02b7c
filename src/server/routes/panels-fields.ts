import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createPanelField, deletePanelField, listPanelFields, updatePanelField } from '../services/panels/panel-fields';
import { createPanelOption, deletePanelOption, updatePanelOption } from '../services/panels/panel-options';
import { reorderPanelFields, reorderPanelOptions } from '../services/panels/panel-order';
import { panelsNl } from '../../shared/i18n/panels';
import { PanelFieldInput, PanelFieldUpdate, PanelOptionInput } from '../../shared/validation/panels';
import { OrderInput } from '../../shared/validation/reports';
import { idParam } from './params';

const field = { dutch: panelsNl.field };
const option = { dutch: panelsNl.option };

/** Background fields of a panel and their options (spec 001 §7 Panel api: fields, options, order patches). */
export const panelFieldRoutes = new Hono<AppEnv>()
  .get('/panel/:id/field', requireRole('panel.view'), async (c) => c.json({ data: await listPanelFields(userServiceContext(c), idParam(c, 'id')), meta: field }))
  .post('/panel/:id/field', requireRole('panel.edit'), input.body(PanelFieldInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createPanelField(userServiceContext(c), id, body), meta: field, alert: panelsNl.created(panelsNl.field) }, 201);
  })
  // Before /panel/:id/field/:fid so 'order' is not taken for an id.
  .patch('/panel/:id/field/order', requireRole('panel.edit'), input.body(OrderInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await reorderPanelFields(userServiceContext(c), id, body), meta: field, alert: panelsNl.ordered });
  })
  .get('/panel/:id/field/:fid', requireRole('panel.view'), async (c) => {
    const [id, fid] = [idParam(c, 'id'), idParam(c, 'fid')];
    const found = (await listPanelFields(userServiceContext(c), id)).find((f) => f.id === fid);
    if (!found) return c.json({ data: null, message: panelsNl.notOfParent(panelsNl.field, [fid]) }, 404);
    return c.json({ data: found, meta: field });
  })
  .put('/panel/:id/field/:fid', requireRole('panel.edit'), input.body(PanelFieldUpdate), async (c) => {
    const [id, fid] = [idParam(c, 'id'), idParam(c, 'fid')];
    const body = c.req.valid('json');
    return c.json({ data: await updatePanelField(userServiceContext(c), id, fid, body), meta: field, alert: panelsNl.saved(panelsNl.field) });
  })
  .delete('/panel/:id/field/:fid', requireRole('panel.edit'), async (c) => {
    await deletePanelField(userServiceContext(c), idParam(c, 'id'), idParam(c, 'fid'));
    return c.json({ data: null, meta: field, alert: panelsNl.deleted });
  })
  .post('/panel/:id/field/:fid/option', requireRole('panel.edit'), input.body(PanelOptionInput), async (c) => {
    const [id, fid] = [idParam(c, 'id'), idParam(c, 'fid')];
    const body = c.req.valid('json');
    return c.json({ data: await createPanelOption(userServiceContext(c), id, fid, body), meta: option, alert: panelsNl.created(panelsNl.option) }, 201);
  })
  .patch('/panel/:id/field/:fid/option/order', requireRole('panel.edit'), input.body(OrderInput), async (c) => {
    const [id, fid] = [idParam(c, 'id'), idParam(c, 'fid')];
    const body = c.req.valid('json');
    return c.json({ data: await reorderPanelOptions(userServiceContext(c), id, fid, body), meta: option, alert: panelsNl.ordered });
  })
  .put('/panel/:id/field/:fid/option/:oid', requireRole('panel.edit'), input.body(PanelOptionInput), async (c) => {
    const [id, fid, oid] = [idParam(c, 'id'), idParam(c, 'fid'), idParam(c, 'oid')];
    const body = c.req.valid('json');
    return c.json({ data: await updatePanelOption(userServiceContext(c), id, fid, oid, body), meta: option, alert: panelsNl.saved(panelsNl.option) });
  })
  .delete('/panel/:id/field/:fid/option/:oid', requireRole('panel.edit'), async (c) => {
    await deletePanelOption(userServiceContext(c), idParam(c, 'id'), idParam(c, 'fid'), idParam(c, 'oid'));
    return c.json({ data: null, meta: option, alert: panelsNl.deleted });
  });
