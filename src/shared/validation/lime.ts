import './zod-nl';
import { z } from 'zod';
import { surveysNl } from '../i18n/surveys';

const t = surveysNl.lime;

/** PUT survey/lime: the company's LimeSurvey RemoteControl connection. http is refused except for localhost (development, tests). */
export const LimeConnectionInput = z.object({
  url: z
    .string({ error: t.required })
    .trim()
    .min(1, t.required)
    .max(500, t.badUrl)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname));
      } catch {
        return false;
      }
    }, t.badUrl),
  username: z.string({ error: t.required }).trim().min(1, t.required).max(191, t.required),
  password: z.string().max(500).optional().default(''),
});
export type LimeConnectionInput = z.infer<typeof LimeConnectionInput>;

/** POST survey/lime/import */
export const LimeImportInput = z.object({
  sid: z.coerce.number({ error: t.required }).int().positive(),
  confirm_duplicate: z.boolean().optional(),
});

/** PUT survey/{id}/lime: the schedule of a linked survey. */
export const LimeScheduleInput = z.object({ sync_enabled: z.boolean({ error: t.required }) });

/** GET survey/lime/surveys: `mine=1` lists only the surveys of the user's own LimeSurvey user. */
export const LimeSurveysQuery = z.object({ mine: z.enum(['0', '1'], { error: t.required }).optional() });
