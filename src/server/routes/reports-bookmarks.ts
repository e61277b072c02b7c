import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createBookmark } from '../services/reports/create-bookmark';
import { deleteBookmark } from '../services/reports/delete-bookmark';
import { updateBookmark } from '../services/reports/update-bookmark';
import { reportsNl } from '../../shared/i18n/reports';
import { BookmarkInput, BookmarkUpdate } from '../../shared/validation/reports';
import { idParam } from './params';

const meta = { dutch: reportsNl.bookmark };

/** Saved breakdowns of a report (spec 001 §7 Dashboard, Bookmark). */
export const reportBookmarkRoutes = new Hono<AppEnv>()
  .post('/report/:id/reportBookmark', requireRole('dashboard.edit'), input.body(BookmarkInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createBookmark(userServiceContext(c), id, body), meta, alert: reportsNl.created(reportsNl.bookmark) }, 201);
  })
  .put('/report/:id/reportBookmark/:bookmarkId', requireRole('dashboard.edit'), input.body(BookmarkUpdate), async (c) => {
    const [id, bookmarkId] = [idParam(c, 'id'), idParam(c, 'bookmarkId')];
    const body = c.req.valid('json');
    return c.json({ data: await updateBookmark(userServiceContext(c), id, bookmarkId, body), meta, alert: reportsNl.saved(reportsNl.bookmark) });
  })
  .delete('/report/:id/reportBookmark/:bookmarkId', requireRole('dashboard.edit'), async (c) => {
    await deleteBookmark(userServiceContext(c), idParam(c, 'id'), idParam(c, 'bookmarkId'));
    return c.json({ data: null, meta, alert: reportsNl.deleted });
  });
