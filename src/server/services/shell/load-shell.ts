import type { UserServiceContext } from '../../context';
import { feedbackDue, feedbackRow } from '../help/get-feedback-request';
import { effectiveThemeRows, resolveEffectiveTheme } from '../themes/effective-theme';

/**
 * What the app shell needs beyond the session, in one batch (one round trip): whether to ask for
 * a rating, and the effective portal theme of the user's company.
 */
export async function loadShell(ctx: UserServiceContext) {
  const [[feedback], themeRows] = await ctx.db.batch([feedbackRow(ctx), effectiveThemeRows(ctx.db, ctx.user.companyId, 'vue')]);
  return { requestFeedback: feedbackDue(feedback, ctx.now), theme: resolveEffectiveTheme(themeRows, 'vue') };
}
