import { Hono } from 'hono';
import { userServiceContext, type AppEnv, type AppContext } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { AppError, nl } from '../errors';
import { requireRole, requireUser } from '../middleware/guards';
import { createTheme } from '../services/themes/create-theme';
import { deleteTheme } from '../services/themes/delete-theme';
import { listThemes } from '../services/themes/list-themes';
import { deleteThemeImage, getThemeImage, uploadThemeImage } from '../services/themes/theme-image';
import { updateTheme } from '../services/themes/update-theme';
import { getThemeStylesheet } from '../services/themes/theme-stylesheet';
import { MAX_IMAGE_BYTES } from '../files/image-type';
import { themesNl } from '../../shared/i18n/themes';
import { ThemeInput, ThemeListQuery, ThemeUpdate } from '../../shared/validation/themes';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';

const meta = { dutch: themesNl.theme };

/** The multipart field `file`; bodies over 5 MB (plus framing) are refused before they are read (413). */
async function readImage(c: AppContext): Promise<File | null> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_IMAGE_BYTES + 65_536) throw new AppError('TOO_LARGE', nl.tooLarge);
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) return null;
  try {
    const body = await c.req.parseBody();
    return body.file instanceof File ? body.file : null;
  } catch {
    throw new AppError('BAD_REQUEST', nl.badRequest);
  }
}

/** Themes (spec 000 §3) and their header images; which theme a company uses is in companies-links.ts. */
export const themeRoutes = new Hono<AppEnv>()
  .get('/theme', requireRole('company.view'), input.query(ThemeListQuery), async (c) => {
    const query = c.req.valid('query');
    return c.json({ data: await listThemes(userServiceContext(c), query), meta });
  })
  .post('/theme', requireRole('company.edit'), input.body(ThemeInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createTheme(userServiceContext(c), body), meta, alert: catalogueText.created(themesNl.theme) }, 201);
  })
  .put('/theme/:id', requireRole('company.edit'), input.body(ThemeUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateTheme(userServiceContext(c), id, body), meta, alert: catalogueText.saved(themesNl.theme) });
  })
  .delete('/theme/:id', requireRole('company.edit'), async (c) => {
    await deleteTheme(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: catalogueText.deleted });
  })
  .post('/theme/:id/image', requireRole('company.edit'), input.upload(), async (c) => {
    const id = idParam(c, 'id');
    return c.json({ data: await uploadThemeImage(userServiceContext(c), id, await readImage(c)), meta: { dutch: themesNl.image }, alert: catalogueText.saved(themesNl.image) }, 201);
  })
  .delete('/theme/:id/image', requireRole('company.edit'), async (c) => {
    return c.json({ data: await deleteThemeImage(userServiceContext(c), idParam(c, 'id')), meta: { dutch: themesNl.image }, alert: catalogueText.deleted });
  })
  // The shell's stylesheet: the signed-in user's company theme as CSS variables (a new URL per version).
  .get('/theme/css', requireUser, output.file('text/css', 'Het thema van de organisatie als CSS-variabelen.'), async (c) => {
    const { css } = await getThemeStylesheet(userServiceContext(c));
    return c.body(css, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'private, max-age=31536000, immutable' });
  })
  // Every signed-in user of a company that uses the theme loads its header image.
  .get('/theme/:id/image', requireUser, output.file(['image/png', 'image/jpeg', 'image/gif', 'image/webp'], 'De kopafbeelding van het thema.'), async (c) => {
    const image = await getThemeImage(userServiceContext(c), idParam(c, 'id'));
    return new Response(image.body, {
      headers: {
        'content-type': image.type,
        'content-length': String(image.size),
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      },
    });
  });
