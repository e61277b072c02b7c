import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { readUploadedFile } from '../http/upload';
import { requireRole } from '../middleware/guards';
import { createPanel } from '../services/panels/create-panel';
import { deletePanel } from '../services/panels/delete-panel';
import { exportPanelMembers } from '../services/panels/export-panel-members';
import { getPanel, PANEL_INCLUDES } from '../services/panels/get-panel';
import { listPanelIndexItems, listPanels } from '../services/panels/list-panels';
import { listPanelMembers } from '../services/panels/list-panel-members';
import { loadFields } from '../services/panels/load-fields';
import { deletePanelImage, getPanelImage, uploadPanelImage } from '../services/panels/panel-image';
import { panelQrCode, regeneratePanelToken, setPanelTokenEnabled } from '../services/panels/panel-token';
import { updatePanel } from '../services/panels/update-panel';
import { MAX_IMAGE_BYTES } from '../files/image-type';
import { panelsNl } from '../../shared/i18n/panels';
import { PanelInput, PanelListQuery, PanelTokenToggle, PanelUpdate } from '../../shared/validation/panels';
import { idParam } from './params';
import { panelFieldRoutes } from './panels-fields';

const meta = { dutch: panelsNl.panel };
const includes = (raw?: string) => (raw ?? '').split(',').map((s) => s.trim()).filter((s): s is (typeof PANEL_INCLUDES)[number] => (PANEL_INCLUDES as readonly string[]).includes(s));
const isAll = (v?: string) => v === '1' || v === 'true';
const binary = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" };

/** Panel api of spec 001 §7 (panels, image, registration code, members); fields in panels-fields.ts. */
export const panelRoutes = new Hono<AppEnv>()
  .get('/panel', requireRole('panel.view'), input.query(PanelListQuery), async (c) => {
    const query = c.req.valid('query');
    const items = await listPanels(userServiceContext(c), { all: isAll(query.all) });
    return c.json({ data: items, meta: { ...meta, total: items.length } });
  })
  // Before /panel/:id so 'index-items' is not taken for an id.
  .get('/panel/index-items', requireRole('panel.view'), input.query(PanelListQuery), async (c) => c.json({ data: await indexItems(c, false, c.req.valid('query').include), meta }))
  .get('/panel/index-items/all', requireRole('panel.view'), input.query(PanelListQuery), async (c) => c.json({ data: await indexItems(c, true, c.req.valid('query').include), meta }))
  .get('/panel/:id', requireRole('panel.view'), input.query(PanelListQuery), async (c) => {
    const id = idParam(c, 'id');
    const query = c.req.valid('query');
    return c.json({ data: await getPanel(userServiceContext(c), id, includes(query.include)), meta });
  })
  .post('/panel', requireRole('panel.create'), input.body(PanelInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createPanel(userServiceContext(c), body), meta, alert: panelsNl.created(panelsNl.panel) }, 201);
  })
  .put('/panel/:id', requireRole('panel.edit'), input.body(PanelUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updatePanel(userServiceContext(c), id, body), meta, alert: panelsNl.saved(panelsNl.panel) });
  })
  .delete('/panel/:id', requireRole('panel.edit'), async (c) => {
    await deletePanel(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: panelsNl.deleted });
  })
  .post('/panel/:id/image', requireRole('panel.edit'), input.upload(), async (c) => {
    const id = idParam(c, 'id');
    const data = await uploadPanelImage(userServiceContext(c), id, await readUploadedFile(c, MAX_IMAGE_BYTES));
    return c.json({ data, meta: { dutch: panelsNl.image }, alert: panelsNl.saved(panelsNl.image) }, 201);
  })
  .delete('/panel/:id/image', requireRole('panel.edit'), async (c) => {
    return c.json({ data: await deletePanelImage(userServiceContext(c), idParam(c, 'id')), meta: { dutch: panelsNl.image }, alert: panelsNl.deleted });
  })
  .get('/panel/:id/image', requireRole(['panel.access', 'panel.view']), output.file('image/png', 'De afbeelding van het panel.'), async (c) => {
    const image = await getPanelImage(userServiceContext(c), idParam(c, 'id'));
    return new Response(image.body, { headers: { 'content-type': 'image/png', 'content-length': String(image.size), 'cache-control': 'private, max-age=86400', ...binary } });
  })
  .post('/panel/:id/token', requireRole('panel.edit'), async (c) => {
    return c.json({ data: await regeneratePanelToken(userServiceContext(c), idParam(c, 'id')), meta, alert: panelsNl.base.regenerated });
  })
  .put('/panel/:id/token', requireRole('panel.edit'), input.body(PanelTokenToggle), async (c) => {
    const id = idParam(c, 'id');
    const { enabled } = c.req.valid('json');
    return c.json({ data: await setPanelTokenEnabled(userServiceContext(c), id, enabled), meta, alert: enabled ? panelsNl.base.switchedOn : panelsNl.base.switchedOff });
  })
  .get('/panel/:id/qr', requireRole('panel.edit'), output.file('image/png', 'QR-code van de aanmeldlink; met `?download=1` als bijlage.'), async (c) => {
    const id = idParam(c, 'id');
    const png = await panelQrCode(userServiceContext(c), id, new URL(c.req.url).origin);
    const headers: Record<string, string> = { 'content-type': 'image/png', 'cache-control': 'no-store', ...binary };
    if (c.req.query('download') === '1') headers['content-disposition'] = `attachment; filename="panel-${id}-aanmeldlink.png"`;
    return new Response(png as BodyInit, { headers });
  })
  .get('/panel/:id/user', requireRole('panel.edit'), async (c) => c.json({ data: await listPanelMembers(userServiceContext(c), idParam(c, 'id')), meta: { dutch: panelsNl.member } }))
  .get('/panel/:id/user/export', requireRole('panel.edit'), output.file('text/csv', 'De panelleden als CSV.'), async (c) => {
    const { filename, csv } = await exportPanelMembers(userServiceContext(c), idParam(c, 'id'));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  })
  .route('/', panelFieldRoutes);

/** index-items with the optional include=fields (fields and options of every listed panel, one more batch). */
async function indexItems(c: Parameters<typeof idParam>[0], all: boolean, include: string | undefined) {
  const ctx = userServiceContext(c);
  const items = await listPanelIndexItems(ctx, all);
  if (!includes(include).includes('fields')) return items;
  const fields = await loadFields(ctx.db, items.map((i) => i.id));
  return items.map((i) => ({ ...i, fields: fields.filter((f) => f.panel_id === i.id) }));
}
