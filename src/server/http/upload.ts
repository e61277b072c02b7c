import { AppError, nl } from '../errors';
import type { AppContext } from '../context';

/** The multipart field `file`; bodies over `maxBytes` (plus framing) are refused before they are read (413). */
export async function readUploadedFile(c: AppContext, maxBytes: number): Promise<File | null> {
  if (Number(c.req.header('content-length') ?? 0) > maxBytes + 65_536) throw new AppError('TOO_LARGE', nl.tooLarge);
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) return null;
  try {
    const body = await c.req.parseBody();
    return body.file instanceof File ? body.file : null;
  } catch {
    throw new AppError('BAD_REQUEST', nl.badRequest);
  }
}
