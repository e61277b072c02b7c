import './zod-nl';
import { z } from 'zod';
import { participateNl } from '../i18n/participate';
import { messages } from './messages';

const t = participateNl.fieldwork;
const stamp = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, t.badDate)
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00` : v)), t.badDate)
  .transform((v) => (v.length === 10 ? `${v}T00:00` : v));
const optionalStamp = z.preprocess((v) => (v === '' || v === undefined ? null : v), stamp.nullable());

/** PUT survey/{id}/fieldwork: open or closed, and the period (local time in the Netherlands). */
export const FieldworkInput = z
  .object({
    status: z.enum(['open', 'closed'], { error: messages.required }),
    starts_at: optionalStamp,
    ends_at: optionalStamp,
  })
  .refine((v) => !v.starts_at || !v.ends_at || v.ends_at > v.starts_at, { message: t.endBeforeStart, path: ['ends_at'] });
export type FieldworkInput = z.infer<typeof FieldworkInput>;

/** POST survey/{id}/invitation: invitations to the not yet invited, or reminders. */
export const InvitationInput = z.object({ kind: z.enum(['invite', 'remind'], { error: messages.required }) });
export type InvitationInput = z.infer<typeof InvitationInput>;

/** GET survey/{id}/link[?token_id=]: the link, with one token's code in it. */
export const LinkQuery = z.object({ token_id: z.coerce.number().int().positive().optional() });
