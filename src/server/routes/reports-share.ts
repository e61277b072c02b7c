import { Hono } from 'hono';
import { type AppEnv, userServiceContext } from '../context';
import { readBody } from '../http/body';
import { requireRole } from '../middleware/guards';
import { getShareInfo } from '../services/sharing/get-share-info';
import { setPublicAccess } from '../services/sharing/set-public-access';
import { sharingNl } from '../../shared/i18n/sharing';
import { ShareInput } from '../../shared/validation/sharing';
import { idParam } from './params';

const meta = { dutch: sharingNl.share.title };

/** The 'Delen' dialog: GET report/{id}/share, PUT report/{id}/share (public access on/off). */
export const reportShareRoutes = new Hono<AppEnv>()
  .get('/report/:id/share', requireRole('dashboard.edit'), async (c) => c.json({ data: await getShareInfo(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/report/:id/share', requireRole('dashboard.edit'), async (c) => {
    const id = idParam(c, 'id');
    const input = await readBody(c, ShareInput);
    const data = await setPublicAccess(userServiceContext(c), id, input);
    return c.json({ data, meta, alert: input.direct_access ? sharingNl.share.turnedOn : sharingNl.share.turnedOff });
  });
