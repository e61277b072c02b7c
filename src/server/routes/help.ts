import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireUser } from '../middleware/guards';
import { askQuestion } from '../services/help/ask-question';
import { giveFeedback } from '../services/help/give-feedback';
import { FeedbackInput, HelpQuestionInput } from '../../shared/validation/help';
import { helpTexts } from '../../shared/i18n/shell';

/** Help popover and rating dialog (spec 000 §2.12, §7): any signed-in user. */
export const helpRoutes = new Hono<AppEnv>()
  .post('/question', requireUser, input.body(HelpQuestionInput), async (c) => {
    const body = c.req.valid('json');
    const result = await askQuestion(userServiceContext(c), body, new URL(c.req.url).origin);
    return c.json({ data: result, alert: helpTexts.sent }, 201);
  })
  .post('/feedback', requireUser, input.body(FeedbackInput), async (c) => {
    const body = c.req.valid('json');
    const result = await giveFeedback(userServiceContext(c), body);
    return c.json({ data: result, alert: body.rating != null ? helpTexts.ratingThanks : undefined }, body.rating != null ? 201 : 200);
  });
