import './zod-nl';
import { z } from 'zod';
import { messages } from './messages';

/** POST company / PUT company/{id} */
export const CompanyInput = z.object({
  name: z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(120, messages.maxLength(120)),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

/** PUT company/{id}/retention: how long personal data are kept (docs/privacy.md#retention). */
export const RetentionInput = z.object({
  contact_months: z.number({ error: 'Vul een aantal maanden in (1 tot en met 12).' }).int('Vul een heel aantal maanden in.').min(1, 'Minimaal 1 maand.').max(12, 'Maximaal 12 maanden na het einde van het onderzoek.'),
  audit_months: z.number({ error: 'Vul een aantal maanden in (12 tot en met 120).' }).int('Vul een heel aantal maanden in.').min(12, 'De audittrail blijft minimaal 12 maanden bewaard.').max(120, 'Maximaal 120 maanden.'),
});
export type RetentionInput = z.infer<typeof RetentionInput>;
