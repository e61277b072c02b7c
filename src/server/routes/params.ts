import { z } from 'zod';
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

/** A row id in a path, as idParam reads it (1–12 digits, ≥ 1); documented as such in the OpenAPI document. */
export const IdParam = z.string().regex(/^\d{1,12}$/).transform(Number).pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/** The data calls' `{version}` (the client's data version, a cache key), `{lang}` (one of the report's languages) and report `{id}`. */
export const DataPath = z.object({
  version: z.string().regex(/^[\w.-]{1,40}$/),
  lang: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/),
  id: IdParam,
});
