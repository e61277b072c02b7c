import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { readBody } from '../http/body';
import { requireRole } from '../middleware/guards';
import { getChartMap, putChartMap } from '../services/maps/chart-map';
import { catalogueText } from '../../shared/api-catalogue';
import { mapsNl } from '../../shared/i18n/maps';
import { ChartMapInput } from '../../shared/validation/maps';
import { idParam } from './params';

const meta = { dutch: mapsNl.map };

/** A map chart's map settings (docs/maps.md). */
export const reportChartMapRoutes = new Hono<AppEnv>()
  .get('/chart/:id/map', requireRole('dashboard.view'), async (c) => c.json({ data: await getChartMap(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/chart/:id/map', requireRole('dashboard.edit'), async (c) => {
    const id = idParam(c, 'id');
    const input = await readBody(c, ChartMapInput);
    return c.json({ data: await putChartMap(userServiceContext(c), id, input), meta, alert: catalogueText.saved(mapsNl.map) });
  });
