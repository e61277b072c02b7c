import type { AstroCookies } from 'astro';
import { FORM_CSRF_FIELD, formCsrfValid } from '../../server/auth/form-csrf';
import { requestMeta } from '../../server/auth/request-meta';
import type { ServiceContext } from '../../server/context';
import { AppError } from '../../server/errors';
import { askPublicQuestion } from '../../server/services/help/ask-public-question';
import { helpTexts } from '../../shared/i18n/shell';
import { PublicHelpQuestionInput } from '../../shared/validation/help';

export interface PublicHelpValues { type: 'question' | 'feedback'; name: string; email: string; question: string }

export type PublicHelpResult =
  | { redirect: true }
  | { redirect?: false; status: number; values: PublicHelpValues; errors: Record<string, string>; message: string | null };

/**
 * The transport side of the help form without login (/hulp, /meedoen/hulp): a plain HTML POST,
 * the form CSRF field, the zod input, the throttle's 429. A signed-in visitor gets their name and
 * address filled in. After a send the page redirects (303) to itself with `verzonden=1`.
 */
export async function handlePublicHelp(ctx: ServiceContext, request: Request, cookies: AstroCookies, route: string | null): Promise<PublicHelpResult> {
  const values: PublicHelpValues = { type: 'question', name: ctx.user?.fullname ?? '', email: ctx.user?.email ?? '', question: '' };
  if (request.method !== 'POST') return { status: 200, values, errors: {}, message: null };
  const form = await request.formData().catch(() => new FormData());
  const field = (k: string) => (typeof form.get(k) === 'string' ? String(form.get(k)) : '');
  const sent: PublicHelpValues = { type: field('type') === 'feedback' ? 'feedback' : 'question', name: field('name'), email: field('email'), question: field('question') };
  if (!formCsrfValid(request, cookies, form.get(FORM_CSRF_FIELD))) return { status: 403, values: sent, errors: {}, message: helpTexts.page.expired };
  const parsed = PublicHelpQuestionInput.safeParse({ type: field('type') || 'question', name: sent.name, email: sent.email, question: sent.question, route });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { status: 422, values: sent, errors, message: null };
  }
  try {
    await askPublicQuestion(ctx, parsed.data, requestMeta(request).ip);
  } catch (err) {
    if (err instanceof AppError && err.code === 'THROTTLED') return { status: 429, values: sent, errors: {}, message: err.message };
    throw err;
  }
  return { redirect: true };
}
