import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { userServiceContext } from '../context';
import { readUploadedFile } from '../http/upload';
import { requireRole } from '../middleware/guards';
import { getReportImage } from '../services/reports/get-report-image';
import { MAX_IMAGE_BYTES } from '../files/image-type';
import { uploadReportImage } from '../services/reports/upload-report-image';
import { reportsNl } from '../../shared/i18n/reports';
import { idParam } from './params';

const meta = { dutch: reportsNl.image };

/** The report's image (spec 001 §7 Dashboard, POST report/{id}/image); read back with the user's login. */
export const reportImageRoutes = new Hono<AppEnv>()
  .post('/report/:id/image', requireRole('dashboard.edit'), input.upload(), async (c) => {
    const id = idParam(c, 'id');
    const data = await uploadReportImage(userServiceContext(c), id, await readUploadedFile(c, MAX_IMAGE_BYTES));
    return c.json({ data, meta, alert: reportsNl.saved(reportsNl.image) }, 201);
  })
  .get('/report/:id/image', requireRole('dashboard.view'), output.file(['image/png', 'image/jpeg', 'image/gif', 'image/webp'], 'De afbeelding van de rapportage.'), async (c) => {
    const image = await getReportImage(userServiceContext(c), idParam(c, 'id'));
    return new Response(image.body, {
      headers: {
        'content-type': image.type,
        'content-length': String(image.size),
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      },
    });
  });
