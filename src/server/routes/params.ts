import { AppError, nl } from '../errors';
import type { AppContext } from '../context';

/** A positive integer path parameter; anything else is a row that doesn't exist (404). */
export function idParam(c: AppContext, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', nl.notFound);
  return id;
}
