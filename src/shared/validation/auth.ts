import './zod-nl';
import { z } from 'zod';
import { messages } from './messages';
import { withConfirmation } from './password';

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

const token = z.string({ error: messages.required }).trim().min(1, messages.required).max(128, messages.required);

export const PasswordEmailInput = z.object({ email });
export type PasswordEmailInput = z.infer<typeof PasswordEmailInput>;

export const PasswordResetInput = withConfirmation({ token });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const PasswordChangeInput = withConfirmation({
  current_password: z.string({ error: messages.required }).min(1, messages.required).max(1024, messages.required),
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export const TwoFactorPasswordInput = z.object({
  password: z.string({ error: messages.required }).min(1, messages.required).max(1024, messages.required),
});
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordInput>;

export const TwoFactorCodeInput = z.object({
  code: z.string({ error: messages.required }).trim().regex(/^\d{6}$/, 'Voer de 6 cijfers van de code in'),
});
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

const fullname = z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(120, messages.maxLength(120));

export const InviteInput = z.object({
  email,
  fullname: fullname.optional(),
  group_id: z.coerce.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).max(4).optional(),
  company_id: z.coerce.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).optional(),
});
export type InviteInput = z.infer<typeof InviteInput>;

export const InviteRegisterInput = withConfirmation({ token, fullname });
export type InviteRegisterInput = z.infer<typeof InviteRegisterInput>;

export const PanelTokenInput = z.object({ token });
export type PanelTokenInput = z.infer<typeof PanelTokenInput>;

/** `data`: the panel's required background fields by field id (checked against the panel's fields). */
export const PanelRegisterInput = withConfirmation({ token, fullname, email, data: z.record(z.string(), z.unknown(), { error: messages.required }).optional() });
export type PanelRegisterInput = z.infer<typeof PanelRegisterInput>;

export const accountMessages = {
  passwordEmailSent: 'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een link om uw wachtwoord opnieuw in te stellen.',
  resetInvalid: 'Deze link om uw wachtwoord opnieuw in te stellen is ongeldig of verlopen. Vraag een nieuwe link aan.',
  currentPasswordWrong: 'Het huidige wachtwoord is onjuist.',
  passwordReused: 'Het nieuwe wachtwoord moet verschillen van het huidige wachtwoord.',
  passwordChanged: 'Uw wachtwoord is gewijzigd.',
  inviteInvalid: 'Deze uitnodiging is ongeldig, verlopen of al gebruikt.',
  inviteExists: 'Er bestaat al een account met dit e-mailadres.',
  panelInvalid: 'Deze panelcode is ongeldig.',
  emailTaken: 'Er bestaat al een account met dit e-mailadres. Log in om u aan te melden bij het panel.',
  passwordWrong: 'Het wachtwoord is onjuist.',
  twoFactorNoSetup: 'De tijd om tweestapsverificatie in te stellen is verlopen. Begin opnieuw.',
  twoFactorNotVerified: 'Voer eerst een geldige code uit uw authenticator-app in.',
  twoFactorAlreadyOn: 'Tweestapsverificatie is al ingeschakeld.',
  twoFactorRequired: 'Tweestapsverificatie is verplicht voor uw account en kan niet worden uitgeschakeld.',
  holdTwoFactor: 'U moet eerst tweestapsverificatie instellen.',
  holdPassword: 'U moet eerst een nieuw wachtwoord instellen.',
  throttled: (minutes: number) => `Te veel pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
} as const;
