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

function documented<M extends MiddlewareHandler>(middleware: M, target: Target, schema: z.ZodType): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/**
 * Row ids in the path (`:id`, `:cid`, `:sectionId` …) are checked before the body or query, as the
 * handlers' idParam did when they read the body themselves: a path that names no row is a 404,
 * whatever the body holds.
 */
function requireRowIds(c: Context): void {
  for (const [name, raw] of Object.entries(c.req.param() as Record<string, string>)) if (isRowIdName(name)) rowId(raw);
}

/** A JSON (or form) body: malformed JSON → 400, invalid fields → 422 with `errors`. */
function body<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'json', S>> {
  return documented(
    async (c, next) => {
      requireRowIds(c);
      c.req.addValidatedData('json', (await readBody(c, schema)) as object);
      await next();
    },
    'json',
    schema,
  );
}

/** The query string (first value of each name): invalid → 422 with `errors`. */
function query<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'query', S>> {
  return documented(
    async (c, next) => {
      requireRowIds(c);
      c.req.addValidatedData('query', validate(schema, c.req.query()) as object);
      await next();
    },
    'query',
    schema,
  );
}

/** Path parameters: a value that doesn't fit names no row (404), like idParam. */
function params<S extends z.ZodType, E extends Env = Env, P extends string = string>(schema: S): MiddlewareHandler<E, P, Validated<'param', S>> {
  return documented(
    async (c, next) => {
      const result = schema.safeParse(c.req.param());
      if (!result.success) throw new AppError('NOT_FOUND', nl.notFound);
      c.req.addValidatedData('param', result.data as object);
      await next();
    },
    'param',
    schema,
  );
}

const FileField = z.object({ file: z.file() });

/**
 * A multipart upload (field `file`, plus `fields`): documented only. Uploads are read, size-checked
 * and sniffed by the handler (they stream, and the limits differ per route), which validates the
 * form fields with the same schema.
 */
function upload<E extends Env = Env, P extends string = string>(fields?: z.ZodObject): MiddlewareHandler<E, P> {
  const schema = fields ? FileField.extend(fields.shape) : FileField;
  return Object.assign(async (_c: unknown, next: () => Promise<void>) => next(), {
    [uniqueSymbol]: { target: 'form', ...resolver(schema), options: { media: 'multipart/form-data' } },
  });
}

/** A JSON body the handler reads itself (a route that takes JSON or an upload): documented only. */
function jsonAlternative<E extends Env = Env, P extends string = string>(schema: z.ZodType): MiddlewareHandler<E, P> {
  return Object.assign(async (_c: unknown, next: () => Promise<void>) => next(), { [uniqueSymbol]: { target: 'json', ...resolver(schema) } });
}

export const input = { body, query, params, upload, jsonAlternative };
