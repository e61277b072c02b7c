import type { Env, MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * What a route answers when it is not the JSON envelope, declared beside its inputs (http/input.ts)
 * so the OpenAPI document says it: a file download, an empty 204, a 304 on a matching ETag.
 * Documentation only; the handler writes the answer.
 *
 *   .get('/survey/:id/token/export', requireRole('survey.edit'), output.file('text/csv', 'De codes als CSV'), (c) => …)
 */
type Responses = OpenAPIV3_1.ResponsesObject;

function describing<E extends Env = Env, P extends string = string>(responses: Responses): MiddlewareHandler<E, P> {
  return describeRoute({ responses }) as MiddlewareHandler<E, P>;
}

const binary = { schema: { type: 'string', format: 'binary' } } as const;
const envelope = { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } };

/** A file (`Content-Disposition: attachment` unless said otherwise); `job` when a large one is made by a job (202 with the job). */
function file<E extends Env = Env, P extends string = string>(types: string | string[], description: string, options: { job?: string; ranges?: boolean } = {}): MiddlewareHandler<E, P> {
  const content = Object.fromEntries([types].flat().map((type) => [type, binary]));
  const responses: Responses = { 200: { description, content } };
  if (options.job) responses[202] = { description: options.job, content: envelope };
  if (options.ranges) {
    responses[206] = { description: 'Een deel van het bestand (header `Range`).', content };
    responses[416] = { description: 'Het gevraagde bereik valt buiten het bestand.' };
  }
  return describing(responses);
}

/** An empty answer. */
function noContent<E extends Env = Env, P extends string = string>(description: string): MiddlewareHandler<E, P> {
  return describing({ 204: { description } });
}

/** The envelope with an ETag; 304 without a body when `If-None-Match` names it. */
function etag<E extends Env = Env, P extends string = string>(description: string): MiddlewareHandler<E, P> {
  return describing({
    200: { description, headers: { ETag: { schema: { type: 'string' } } }, content: envelope },
    304: { description: 'Niet gewijzigd sinds de ETag in `If-None-Match`.' },
  });
}

export const output = { file, noContent, etag };
