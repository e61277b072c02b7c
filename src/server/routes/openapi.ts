import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { openApiDocument } from './openapi-document';
import { publicAccess } from '../middleware/guards';

/** GET /portal/api/v2/openapi.json: the API's description, without login; built once per isolate. */
export function addOpenApiRoute(app: Hono<AppEnv>): void {
  app.get('/portal/api/v2/openapi.json', publicAccess, async (c) => {
    const document = await openApiDocument(app);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(document);
  });
}
