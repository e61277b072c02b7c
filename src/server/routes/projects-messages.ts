import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { AppError, nl } from '../errors';
import { boundaryOf } from '../http/multipart-stream';
import { requireRole } from '../middleware/guards';
import { deleteFile, deleteMessage, readFile, updateFile } from '../services/messages/files';
import { listMessages } from '../services/messages/list-messages';
import { postMessage } from '../services/messages/post-message';
import { messagesNl } from '../../shared/i18n/messages';
import { FileUpdate, MAX_MESSAGE_FILE_BYTES, MAX_MESSAGE_FILES, MessageFields } from '../../shared/validation/project-messages';
import { idParam } from './params';

const meta = { dutch: messagesNl.message };
const fileMeta = { dutch: messagesNl.file };
// A body this long must hold a file over the limit, whatever else it carries: refused unread.
const MAX_BODY_BYTES = MAX_MESSAGE_FILES * MAX_MESSAGE_FILE_BYTES + 1024 * 1024;

const disposition = (kind: 'inline' | 'attachment', filename: string) =>
  `${kind}; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Project messages and their files (spec 001 §7 Project api; issue 15). */
export const projectMessageRoutes = new Hono<AppEnv>()
  .get('/project/:id/message', requireRole('project.view'), async (c) => c.json({ data: await listMessages(userServiceContext(c), idParam(c, 'id')), meta }))
  .post('/project/:id/message', requireRole('project.view'), input.upload(MessageFields, { many: MAX_MESSAGE_FILES }), async (c) => {
    const id = idParam(c, 'id');
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
    const data = await postMessage(userServiceContext(c), id, { body: c.req.raw.body, boundary: boundaryOf(c.req.header('content-type')), origin: new URL(c.req.url).origin });
    return c.json({ data, meta, alert: messagesNl.posted }, 201);
  })
  .delete('/project/:id/message/:mid', requireRole('project.view'), async (c) => {
    await deleteMessage(userServiceContext(c), idParam(c, 'id'), idParam(c, 'mid'));
    return c.json({ data: null, meta, alert: 'Element is verwijderd' });
  })
  .get('/project/:id/file/:fid', requireRole('project.view'), output.file('application/octet-stream', 'Het bestand, met het type waarmee het is opgeslagen; `?inline=1` om het in de browser te tonen.', { ranges: true }), async (c) => {
    const { file, range, body } = await readFile(userServiceContext(c), idParam(c, 'id'), idParam(c, 'fid'), c.req.header('range'));
    const headers: Record<string, string> = {
      'content-type': file.content_type,
      'content-disposition': disposition(c.req.query('inline') === '1' ? 'inline' : 'attachment', file.filename),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    };
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } });
    if (!range) return new Response(body, { status: 200, headers: { ...headers, 'content-length': String(file.size) } });
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'content-length': String(range.length), 'content-range': `bytes ${range.offset}-${range.offset + range.length - 1}/${file.size}` },
    });
  })
  .put('/project/:id/file/:fid', requireRole('project.view'), input.body(FileUpdate), async (c) => {
    const id = idParam(c, 'id');
    const fid = idParam(c, 'fid');
    const body = c.req.valid('json');
    return c.json({ data: await updateFile(userServiceContext(c), id, fid, body), meta: fileMeta, alert: `${messagesNl.file} is opgeslagen` });
  })
  .delete('/project/:id/file/:fid', requireRole('project.view'), async (c) => {
    await deleteFile(userServiceContext(c), idParam(c, 'id'), idParam(c, 'fid'));
    return c.json({ data: null, meta: fileMeta, alert: 'Element is verwijderd' });
  });
