import { z } from 'zod';
import type { AppContext } from '../context';
import { ROW_ID, rowId } from '../http/row-id';

/** A positive integer path parameter; anything else is a row that doesn't exist (404). */
export function idParam(c: AppContext, name: string): number {
  return rowId(c.req.param(name));
}

/** A row id in a path, as idParam reads it (1–12 digits, ≥ 1); documented as such in the OpenAPI document. */
export const IdParam = z.string().regex(ROW_ID).transform(Number).pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/** The path of a route on one row, `…/:id…`. */
export const IdPath = z.object({ id: IdParam });

/** The data calls' `{version}` (the client's data version, a cache key), `{lang}` (one of the report's languages) and report `{id}`. */
export const DataPath = z.object({
  version: z.string().regex(/^[\w.-]{1,40}$/),
  lang: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/),
  id: IdParam,
});
