import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { read, readOne } from '../../db/reads';
import { users } from '../../db/schema';
import { feedbackDue, feedbackRow } from '../help/get-feedback-request';
import { effectiveThemeRows, resolveEffectiveTheme } from '../themes/effective-theme';

/**
 * What the app shell needs beyond the session, in one batch (one round trip): whether to ask for
 * a rating, and the effective portal theme of the user's company.
 */
export async function loadShell(ctx: UserServiceContext) {
  return readOne(ctx.db, shellRead(ctx));
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;

/** loadShell's queries, so a page can put them into its own batch and hand AppShell the result (`shell`). */
export function shellRead(ctx: UserServiceContext) {
  return read([feedbackRow(ctx), effectiveThemeRows(ctx.db, ctx.user.companyId, 'vue')], ([[feedback], themeRows]) => ({
    requestFeedback: feedbackDue(feedback, ctx.now),
    theme: resolveEffectiveTheme(themeRows, 'vue'),
  }));
}

/**
 * shellRead and the user's password change time from ONE read of the user's row (the front page
 * shows the login summary, `recentLoginsRead`, which needs it).
 */
export function shellWithPasswordChangeRead(ctx: UserServiceContext) {
  const row = ctx.db
    .select({ after: users.requestFeedbackAfter, dontAsk: users.feedbackDontAsk, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  return read([row, effectiveThemeRows(ctx.db, ctx.user.companyId, 'vue')], ([[user], themeRows]) => ({
    shell: { requestFeedback: feedbackDue(user, ctx.now), theme: resolveEffectiveTheme(themeRows, 'vue') } satisfies ShellData,
    passwordChangedAt: user?.passwordChangedAt ?? null,
  }));
}
