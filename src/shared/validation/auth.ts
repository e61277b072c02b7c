import { z } from 'zod';
import { messages } from './messages';

const email = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(191, messages.maxLength(191))
  .pipe(z.email({ error: messages.email }))
  .transform((v) => v.toLowerCase());

export const LoginInput = z.object({
  email,
  password: z.string({ error: messages.required }).min(1, messages.required).max(1024, messages.required),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const TwoFactorChallengeInput = z.union([
  z.object({ code: z.string({ error: messages.required }).trim().regex(/^\d{6}$/, 'Voer de 6 cijfers van de code in') }),
  z.object({ recovery_code: z.string({ error: messages.required }).trim().min(1, messages.required).max(64) }),
]);
export type TwoFactorChallengeInput = z.infer<typeof TwoFactorChallengeInput>;

export const loginMessages = {
  failed: 'Deze combinatie van e-mailadres en wachtwoord is bij ons niet bekend.',
  twoFactorFailed: 'De opgegeven code is ongeldig.',
  twoFactorExpired: 'De inlogpoging is verlopen. Log opnieuw in.',
} as const;
