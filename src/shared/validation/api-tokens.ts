import './zod-nl';
import { z } from 'zod';
import type { Role } from '../permissions';
import { tokensNl } from '../i18n/api-tokens';
import { messages } from './messages';

/** What a personal access token may do; it never exceeds its owner's roles. */
export const TOKEN_SCOPES = ['reports:read', 'responses:upload'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The roles a scope lets through (the owner's roles ∩ these, per token). */
export const SCOPE_ROLES: Record<TokenScope, readonly Role[]> = {
  'reports:read': ['project.access', 'project.view', 'dashboard.access', 'dashboard.view', 'dashboard.filter', 'dashboard.export'],
  'responses:upload': ['survey.access', 'survey.view', 'survey.upload'],
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** POST user/{id}/token */
export const TokenInput = z.object({
  name: z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(60, messages.maxLength(60)),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: tokensNl.scopeUnknown }), { error: messages.minOneOption })
    .min(1, messages.minOneOption)
    .transform((list) => [...new Set(list)]),
  /** Last day the token works (YYYY-MM-DD, through the end of that day UTC); none = until revoked. */
  expires_at: z
    .string({ error: tokensNl.date })
    .regex(isoDay, tokensNl.date)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), tokensNl.date)
    .nullable()
    .optional(),
});
export type TokenInput = z.infer<typeof TokenInput>;
