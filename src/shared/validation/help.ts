import './zod-nl';
import { z } from 'zod';
import { messages } from './messages';

const required = (max: 120 | 191) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** Help popover (spec 000 §2.12, §5): name, e-mail and question required; a project question names its project. */
export const HelpQuestionInput = z
  .object({
    type: z.enum(['question', 'feedback', 'project'], { error: messages.required }),
    name: required(120),
    email: required(191).pipe(z.email({ error: messages.email })),
    question: z.string({ error: messages.required }).trim().min(1, messages.required).max(5000, 'De maximale lengte voor dit veld is 5000 karakters'),
    project: z.coerce.number({ error: messages.required }).int(messages.wholeNumber).positive(messages.required).nullish(),
    route: z.string().max(120).nullish(),
  })
  .refine((v) => v.type !== 'project' || v.project != null, { path: ['project'], message: messages.required });
export type HelpQuestionInput = z.infer<typeof HelpQuestionInput>;

/**
 * The help form without login (the help pages /hulp and /meedoen/hulp, plain HTML): a question or
 * feedback, never a project (an anonymous visitor has none). `route` is the screen the visitor
 * came from (a route name such as 'Login').
 */
export const PublicHelpQuestionInput = z.object({
  type: z.enum(['question', 'feedback'], { error: messages.required }).default('question'),
  name: required(120),
  email: required(191).pipe(z.email({ error: messages.email })),
  question: z.string({ error: messages.required }).trim().min(1, messages.required).max(5000, 'De maximale lengte voor dit veld is 5000 karakters'),
  route: z.string().max(120).nullish(),
});
export type PublicHelpQuestionInput = z.infer<typeof PublicHelpQuestionInput>;

/**
 * Rating dialog: a rating (0.5–5 in half stars) with optional comment, or one of the two ways of
 * declining: 'Vraag later opnieuw' (ask_later) or 'Vraag mij niet opnieuw' (feedback_dont_ask).
 */
export const FeedbackInput = z
  .object({
    rating: z.number({ error: messages.ratingRequired }).min(0.5, messages.ratingRequired).max(5, messages.ratingRequired).multipleOf(0.5, messages.ratingRequired).nullish(),
    comment: z.string().trim().max(2000, 'De maximale lengte voor dit veld is 2000 karakters').default(''),
    contact_allowed: z.boolean().default(false),
    feedback_dont_ask: z.boolean().default(false),
    ask_later: z.boolean().default(false),
  })
  .refine((v) => v.rating != null || v.feedback_dont_ask || v.ask_later, { path: ['rating'], message: messages.ratingRequired });
export type FeedbackInput = z.infer<typeof FeedbackInput>;
