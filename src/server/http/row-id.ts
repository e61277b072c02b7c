import { AppError, nl } from '../errors';

/**
 * Row ids in a path, one rule for every reader: idParam (routes/params.ts), the `input.*`
 * middleware (http/input.ts), IdParam and the OpenAPI document's path parameters.
 */

/** A row id as the path writes it: 1–12 digits. */
export const ROW_ID = /^\d{1,12}$/;

/** Path parameters that name a row: `:id`, `:cid`, `:sid`, `:sectionId` … */
export const isRowIdName = (name: string): boolean => /(^|[a-z])id$|Id$/.test(name);

/** A positive integer row id; anything else is a row that doesn't exist (404). */
export function rowId(raw: string | undefined): number {
  const id = raw !== undefined && ROW_ID.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', nl.notFound);
  return id;
}
