import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, nl } from '../errors';
import type { AppEnv } from '../context';

const HTTP_MESSAGES: Partial<Record<number, string>> = {
  400: nl.badRequest,
  401: nl.unauthenticated,
  403: nl.forbidden,
  404: nl.notFound,
  413: nl.tooLarge,
};

/** The one place where errors become HTTP: AppError by its code, anything unknown a logged 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json({ message: err.message, code: err.code, errors: err.errors }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json({ message: HTTP_MESSAGES[status] ?? nl.badRequest, code: 'HTTP' }, status);
  }
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: String(err), stack: (err as Error)?.stack }));
  return c.json({ message: nl.internal, code: 'INTERNAL', requestId: c.get('requestId') }, 500);
};
