import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { AppError, nl } from '../errors';
import { boundaryOf } from '../http/multipart-stream';
import { requireRole } from '../middleware/guards';
import { createMap } from '../services/maps/create-map';
import { deleteMap } from '../services/maps/delete-map';
import { getMap } from '../services/maps/get-map';
import { listMaps } from '../services/maps/list-maps';
import { updateMap } from '../services/maps/update-map';
import { catalogueText } from '../../shared/api-catalogue';
import { mapsNl } from '../../shared/i18n/maps';
import { MAX_MAP_BYTES, MapUpdate } from '../../shared/validation/maps';
import { idParam } from './params';

const meta = { dutch: mapsNl.map };

/** District maps of an organisation (docs/maps.md). */
export const companyMapRoutes = new Hono<AppEnv>()
  .get('/company/:id/map', requireRole('company.view'), async (c) => c.json({ data: await listMaps(userServiceContext(c), idParam(c, 'id')), meta }))
  .post('/company/:id/map', requireRole('company.edit'), async (c) => {
    const id = idParam(c, 'id');
    // The file may be 20 MB; the form fields and framing get a little room on top.
    if (Number(c.req.header('content-length') ?? 0) > MAX_MAP_BYTES + 65_536) throw new AppError('TOO_LARGE', nl.tooLarge);
    const data = await createMap(userServiceContext(c), id, { body: c.req.raw.body, boundary: boundaryOf(c.req.header('content-type')) });
    return c.json({ data, meta, alert: catalogueText.created(mapsNl.map) }, 201);
  })
  .get('/company/:id/map/:mid', requireRole('company.view'), async (c) => c.json({ data: await getMap(userServiceContext(c), idParam(c, 'id'), idParam(c, 'mid')), meta }))
  .put('/company/:id/map/:mid', requireRole('company.edit'), input.body(MapUpdate), async (c) => {
    const [id, mid] = [idParam(c, 'id'), idParam(c, 'mid')];
    const input = c.req.valid('json');
    return c.json({ data: await updateMap(userServiceContext(c), id, mid, input), meta, alert: catalogueText.saved(mapsNl.map) });
  })
  .delete('/company/:id/map/:mid', requireRole('company.edit'), async (c) => {
    await deleteMap(userServiceContext(c), idParam(c, 'id'), idParam(c, 'mid'));
    return c.json({ data: null, meta, alert: catalogueText.deleted });
  });
