import type { z } from 'zod';
// zod's Dutch fallback messages for checks without a message of their own (spec 000 §5 wording).
import '../../shared/validation/zod-nl';
import { AppError, nl } from '../errors';
import type { Context } from 'hono';

/** Maps zod issues to `{ field: [Dutch messages] }` for 422 answers. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new AppError('VALIDATION', nl.validation, fieldErrors(result.error));
  return result.data;
}

/** Reads a JSON (or form) body and validates it; malformed JSON is a 400, invalid fields a 422. */
export async function readBody<S extends z.ZodType>(c: Context<any, any, any>, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  let raw: unknown = {};
  if (type.includes('application/json')) {
    try {
      raw = await c.req.json();
    } catch {
      throw new AppError('BAD_REQUEST', nl.malformedJson);
    }
  } else if (type.includes('form')) {
    raw = await c.req.parseBody();
  } else if (c.req.raw.body) {
    const text = await c.req.text();
    if (text.trim()) throw new AppError('BAD_REQUEST', nl.malformedJson);
  }
  return validate(schema, raw);
}
