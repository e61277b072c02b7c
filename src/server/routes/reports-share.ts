import { Hono } from 'hono';
import { type AppEnv, userServiceContext } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { getShareInfo } from '../services/sharing/get-share-info';
import { setPublicAccess } from '../services/sharing/set-public-access';
import { sharingNl } from '../../shared/i18n/sharing';
import { ShareInput } from '../../shared/validation/sharing';
import { IdPath } from './params';

const meta = { dutch: sharingNl.share.title };

/** The 'Delen' dialog: GET report/{id}/share, PUT report/{id}/share (public access on/off). */
export const reportShareRoutes = new Hono<AppEnv>()
  .get('/report/:id/share', requireRole('dashboard.edit'), input.params(IdPath), async (c) => c.json({ data: await getShareInfo(userServiceContext(c), c.req.valid('param').id), meta }))
  .put('/report/:id/share', requireRole('dashboard.edit'), input.params(IdPath), input.body(ShareInput), async (c) => {
    const body = c.req.valid('json');
    const data = await setPublicAccess(userServiceContext(c), c.req.valid('param').id, body);
    return c.json({ data, meta, alert: body.direct_access ? sharingNl.share.turnedOn : sharingNl.share.turnedOff });
  });
