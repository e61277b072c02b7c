import type { z } from 'zod';
import { AppError, nl } from '../errors';
import type { AppContext } from '../context';

/** A positive integer path parameter; anything else is a row that doesn't exist (404). */
export function idParam(c: AppContext, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', nl.notFound);
  return id;
}

/** Path parameters checked by a zod schema: a value that doesn't fit names no row (404), like idParam. */
export function paramsOf<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw new AppError('NOT_FOUND', nl.notFound);
  return result.data;
}
