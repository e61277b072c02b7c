import type { AppContext } from '../context';
import { AppError, nl } from '../errors';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/surveys';

/** Reads the multipart field `file`; refuses bodies over 64 MB before reading them (413). */
export async function readUploadedFile(c: AppContext): Promise<{ file: File | null; fields: Record<string, unknown> }> {
  const length = Number(c.req.header('content-length') ?? 0);
  // Multipart framing adds a few hundred bytes; allow 64 kB of it.
  if (length > MAX_UPLOAD_BYTES + 65536) throw new AppError('TOO_LARGE', nl.tooLarge);
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return { file: null, fields: {} };
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError('BAD_REQUEST', nl.badRequest);
  }
  const file = body.file instanceof File ? body.file : null;
  if (file && file.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  return { file, fields: body };
}
