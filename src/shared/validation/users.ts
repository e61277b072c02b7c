import './zod-nl';
import { z } from 'zod';
import { usersNl } from '../i18n/users';
import { messages } from './messages';
import { NewPassword } from './password';

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const id = () => num(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1));
const fullname = z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(120, messages.maxLength(120));
const email = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(191, messages.maxLength(191))
  .pipe(z.email({ error: messages.email }))
  .transform((v) => v.toLowerCase());
const day = z
  .string({ error: usersNl.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, usersNl.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), usersNl.date);

/**
 * POST user: a user with a generated password (shown once, must be changed at first login).
 * With `demo_expires_at` it is a demo account: read-only, only the given projects, until that day.
 */
export const UserInput = z
  .object({
    fullname,
    email,
    group_id: num(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).max(4, usersNl.groupUnknown)).optional(),
    company_id: id().optional(),
    role_ids: z.array(id(), { error: messages.minOneOption }).max(100).optional(),
    demo_expires_at: day.optional(),
    project_ids: z.array(id(), { error: messages.minOneOption }).max(100).optional(),
  })
  .refine((u) => u.demo_expires_at === undefined || (u.project_ids?.length ?? 0) > 0, { message: messages.minOneOption, path: ['project_ids'] });
export type UserInput = z.infer<typeof UserInput>;

/** The fields PUT user/{id} changes; any other field in the body is refused by name (403), never ignored. */
export const USER_UPDATE_FIELDS = ['fullname', 'email', 'company_id', 'demo_expires_at', 'message_mails'] as const;

/** PUT user/{id}: name and e-mail; root users may move a user to another company; demo expiry. Other keys are kept for the service to refuse. */
export const UserUpdate = z
  .object({ fullname, email, company_id: id(), demo_expires_at: day, message_mails: z.boolean({ error: 'Kies aan of uit' }) })
  .partial()
  .catchall(z.unknown());
export type UserUpdate = z.infer<typeof UserUpdate>;

/** GET user: kind users (default) | demo | api; deleted=1 lists the soft-deleted ones (restorable). */
export const UserListQuery = z.object({
  kind: z.enum(['users', 'demo', 'api'], { error: usersNl.kindUnknown }).optional(),
  deleted: z.enum(['0', '1'], { error: usersNl.kindUnknown }).optional(),
  company_id: id().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** PUT user/{id}/password: a temporary password (or none: one is generated), to be changed at login. */
export const TemporaryPasswordInput = z.object({ password: NewPassword.optional() });
export type TemporaryPasswordInput = z.infer<typeof TemporaryPasswordInput>;

/** GET company/{id}/user?include=logs */
export const IncludeQuery = z.object({ include: z.string().max(60, messages.maxLength(60)).optional() });
