import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { feedbackRatings, users } from '../../db/schema';
import type { FeedbackInput } from '../../../shared/validation/help';

const DAY = 86_400_000;
/** 'Vraag later opnieuw' asks again after a month; an answered rating after half a year. */
export const ASK_LATER_DAYS = 30;
export const ASK_AGAIN_AFTER_RATING_DAYS = 182;

/**
 * POST feedback: stores a rating (mailed to the helpdesk) or records the choice not to be asked
 * (again / for now). Decides the next request_feedback moment that bootstrap reads.
 */
export async function giveFeedback(ctx: UserServiceContext, input: FeedbackInput): Promise<{ id: number | null }> {
  const rated = input.rating != null;
  const next = new Date(ctx.now.getTime() + (rated ? ASK_AGAIN_AFTER_RATING_DAYS : ASK_LATER_DAYS) * DAY);
  const update = ctx.db
    .update(users)
    .set(input.feedback_dont_ask ? { feedbackDontAsk: true, requestFeedbackAfter: null } : { requestFeedbackAfter: next })
    .where(eq(users.id, ctx.user.id));
  if (!rated) {
    await update;
    return { id: null };
  }
  const insert = ctx.db
    .insert(feedbackRatings)
    .values({ userId: ctx.user.id, rating: input.rating!, comment: input.comment, contactAllowed: input.contact_allowed })
    .returning({ id: feedbackRatings.id });
  const [, [row]] = await ctx.db.batch([update, insert]);
  await ctx.mailer.send({
    to: ctx.config.helpdeskEmail,
    replyTo: input.contact_allowed ? ctx.user.email : undefined,
    subject: `[ImpulZ beoordeling] ${input.rating} van 5 sterren`,
    text: [
      `Beoordeling: ${input.rating} van 5 sterren`,
      `Van: ${ctx.user.fullname}${input.contact_allowed ? ` <${ctx.user.email}> (contact toegestaan)` : ' (geen contact gewenst)'}`,
      '',
      input.comment || '(geen toelichting)',
    ].join('\n'),
  });
  return { id: row!.id };
}
