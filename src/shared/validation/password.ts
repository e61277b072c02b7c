import './zod-nl';
import { z } from 'zod';
import { messages } from './messages';

/** The password policy of spec 000 §5: each rule with its own Dutch message. */
export const PASSWORD_MIN_LENGTH = 12;

export const passwordRules = [
  { test: (v: string) => [...v].length >= PASSWORD_MIN_LENGTH, message: `Het wachtwoord moet minimaal ${PASSWORD_MIN_LENGTH} karakters bevatten` },
  { test: (v: string) => /\p{Lu}/u.test(v), message: 'Het wachtwoord moet minimaal één hoofdletter bevatten' },
  { test: (v: string) => /\p{Ll}/u.test(v), message: 'Het wachtwoord moet minimaal één kleine letter bevatten' },
  { test: (v: string) => /\p{Nd}/u.test(v), message: 'Het wachtwoord moet minimaal één cijfer bevatten' },
  { test: (v: string) => /[^\p{L}\p{Nd}\s]/u.test(v), message: 'Het wachtwoord moet minimaal één speciaal teken bevatten' },
] as const;

export const passwordMessages = {
  confirmation: 'De wachtwoorden komen niet overeen',
  tooLong: 'De maximale lengte voor dit veld is 191 karakters',
} as const;

/** Every broken rule is reported, so the form can show the whole list at once. */
export function passwordProblems(value: string): string[] {
  return passwordRules.filter((rule) => !rule.test(value)).map((rule) => rule.message);
}

export const NewPassword = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(191, passwordMessages.tooLong)
  .superRefine((value, ctx) => {
    if (value === '') return;
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });

/** Adds `password_confirmation` to an object schema with `password`. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: NewPassword, password_confirmation: z.string({ error: messages.required }).max(191) })
    .refine((v) => (v as { password: string }).password === (v as { password_confirmation: string }).password_confirmation, {
      message: passwordMessages.confirmation,
      path: ['password_confirmation'],
    });
}
