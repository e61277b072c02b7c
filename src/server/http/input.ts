import type { Context, Env, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import { AppError, nl } from '../errors';
import { readBody, validate } from './body';
import { isRowIdName, rowId } from './row-id';

/**
 * A route's inputs, declared once: each helper is a middleware that validates with the zod schema
 * (Dutch 422 envelope, 400 for malformed JSON, 404 for path parameters that name no row — the
 * behaviour of readBody/validate/idParam) and registers the same schema for the OpenAPI document
 * (hono-openapi reads it from the middleware). The handler reads the result with `c.req.valid(…)`:
 *
 *   .put('/report/:id', requireRole('dashboard.edit'), input.body(ReportUpdate), (c) => { const body = c.req.valid('json'); … })
 */
type Target = 'json' | 'query' | 'param';
type Validated<T extends Target, S extends z.ZodType> = { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } };

/**
 * Row ids in the path (`:id`, `:cid`, `:sectionId` …) are checked before the body or query, as the
 * handlers' idParam did when they read the body themselves: a path that names no row is a 404,
 * whatever the body holds.
 */
function requireRowIds(c: Context): void {
  for (const [name, raw] of Object.entries(c.req.param() as Record<string, string>)) if (isRowIdName(name)) rowId(raw);
}

/** The middleware of body, query and params: `read` validates (or throws the answer), the schema is documented. */
function validating<T extends Target, S extends z.ZodType, E extends Env, P extends string>(target: T, schema: S, read: (c: Context) => unknown): MiddlewareHandler<E, P, Validated<T, S>> {
  const middleware: MiddlewareHandler<E, P, Validated<T, S>> = async (c, next) => {
    c.req.addValidatedData(target, (await read(c)) as object);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/** A JSON (or form) body: malformed JSON → 400, invalid fields → 422 with `errors`. */
function body<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'json', S>> {
  return validating('json', schema, (c) => {
    requireRowIds(c);
    return readBody(c, schema);
  });
}

/** The query string (first value of each name): invalid → 422 with `errors`. */
function query<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'query', S>> {
  return validating('query', schema, (c) => {
    requireRowIds(c);
    return validate(schema, c.req.query());
  });
}

/** Path parameters: a value that doesn't fit names no row (404), like idParam. */
function params<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'param', S>> {
  return validating('param', schema, (c) => {
    const result = schema.safeParse(c.req.param());
    if (!result.success) throw new AppError('NOT_FOUND', nl.notFound);
    return result.data;
  });
}

const FileField = z.object({ file: z.file() });

/**
 * A multipart upload (field `file`, or `files` with up to `many` of them, plus `fields`):
 * documented only. Uploads are read, size-checked and sniffed by the handler (they stream, and the
 * limits differ per route), which validates the form fields with the same schema.
 */
function upload<E extends Env = Env, P extends string = string>(fields?: z.ZodObject, options: { many?: number } = {}): MiddlewareHandler<E, P> {
  const files = options.many ? z.object({ files: z.array(z.file()).max(options.many) }) : FileField;
  const schema = fields ? files.extend(fields.shape) : files;
  return Object.assign(async (_c: unknown, next: () => Promise<void>) => next(), {
    [uniqueSymbol]: { target: 'form', ...resolver(schema), options: { media: 'multipart/form-data' } },
  });
}

/** A JSON body the handler reads itself (a route that takes JSON or an upload): documented only. */
function jsonAlternative<E extends Env = Env, P extends string = string>(schema: z.ZodType): MiddlewareHandler<E, P> {
  return Object.assign(async (_c: unknown, next: () => Promise<void>) => next(), { [uniqueSymbol]: { target: 'json', ...resolver(schema) } });
}

export const input = { body, query, params, upload, jsonAlternative };
