import './zod-nl';
import { z } from 'zod';
import { messages } from './messages';

/** POST company / PUT company/{id} */
export const CompanyInput = z.object({
  name: z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(120, messages.maxLength(120)),
});
export type CompanyInput = z.infer<typeof CompanyInput>;
