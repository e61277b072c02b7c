import './zod-nl';
import { z } from 'zod';
import { ROLES } from '../permissions';
import { messages } from './messages';
import { adminNl } from '../i18n/admin';
import { videoEmbedUrl } from '../showcase-video';

export const SOFT_DELETE_RESOURCES = ['project', 'report', 'survey', 'company', 'user', 'panel'] as const;
export const SoftDeleteResource = z.enum(SOFT_DELETE_RESOURCES, { error: adminNl.softDeletes.unknownResource });

export const LOOSE_END_KEYS = ['Report', 'Company', 'Section', 'Chart', 'Project', 'User', 'Panel', 'FailedJob', 'DataLocation'] as const;
export const LooseEndQuery = z.object({ type: z.enum(LOOSE_END_KEYS, { error: 'Kies een soort los eindje (type).' }) });

/** POST admin/requestAccess from the 'Geen toegang' page. */
export const AccessRequestInput = z.object({
  path: z.string({ error: messages.required }).trim().min(1, messages.required).max(500).regex(/^\/[^\s]*$/, adminNl.access.badPath),
  reason: z.string().trim().max(1000, adminNl.access.reasonTooLong).optional().default(''),
});
export type AccessRequestInput = z.infer<typeof AccessRequestInput>;

/** POST admin/accessRequest/{id}: grant a role or a project membership, or decline. */
export const AccessDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('grant'), role: z.enum(ROLES as [string, ...string[]], { error: adminNl.access.unknownRole }).optional(), project_id: z.coerce.number().int().positive().optional() }),
  z.object({ decision: z.literal('decline') }),
], { error: adminNl.access.decisionRequired });
export type AccessDecisionInput = z.infer<typeof AccessDecisionInput>;

export const OrphanKeyInput = z.object({ key: z.string({ error: messages.required }).min(1, messages.required).max(1024) });

const auditDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Vul een datum in als JJJJ-MM-DD.').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Vul een bestaande datum in.');

/** GET admin/audit(/export): filters of the audit trail; `after` is the keyset cursor of the previous page. */
export const AuditQuery = z
  .object({
    user_id: z.coerce.number({ error: 'Kies een gebruiker.' }).int().positive().optional(),
    action: z.string().trim().max(60).regex(/^[a-z0-9._-]*$/i, 'Onbekende actie.').optional(),
    resource: z.string().trim().max(60).regex(/^[a-z0-9._-]*$/i, 'Onbekend soort item.').optional(),
    from: auditDate.optional(),
    to: auditDate.optional(),
    after: z.string().regex(/^\d{1,15}_\d{1,15}$/, 'Ongeldige paginaverwijzing.').optional(),
    limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "'Tot en met' ligt vóór 'Vanaf'.", path: ['to'] });
export type AuditQuery = z.infer<typeof AuditQuery>;

/** PUT admin/showcaseVideo: the front page's video, a YouTube or Vimeo link (stored as the player's embed URL). */
export const ShowcaseVideoInput = z.object({
  title: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  url: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(500, 'De maximale lengte voor dit veld is 500 karakters')
    .transform((raw, ctx) => {
      const embed = videoEmbedUrl(raw);
      if (!embed) ctx.addIssue({ code: 'custom', message: adminNl.showcase.badUrl });
      return embed ?? '';
    }),
});
export type ShowcaseVideoInput = z.infer<typeof ShowcaseVideoInput>;
