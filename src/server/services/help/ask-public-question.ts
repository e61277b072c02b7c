import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import { fileQuestion } from './ask-question';
import type { PublicHelpQuestionInput } from '../../../shared/validation/help';

/**
 * The help form of the pages outside the app (login, password, registration, public report,
 * /meedoen): stores the question and mails it to the helpdesk, reply-to the asker. Works without
 * login; counted per IP and per address (429 over the limit). It never looks the address up, so
 * the answer is the same whether or not an account exists, and nothing is mailed to the address
 * itself (the form cannot be used to send mail to someone else).
 */
export async function askPublicQuestion(ctx: ServiceContext, input: PublicHelpQuestionInput, ip: string | null): Promise<{ id: number }> {
  await consumeAttempt(ctx.db, THROTTLES.helpQuestionIp, ip, ctx.now);
  await consumeAttempt(ctx.db, THROTTLES.helpQuestionEmail, input.email.toLowerCase(), ctx.now);
  const id = await fileQuestion(ctx, input, {
    userId: ctx.user?.id ?? null,
    projectId: null,
    who: `${ctx.user ? `ingelogd als gebruiker #${ctx.user.id}` : 'niet ingelogd'}, via de hulppagina`,
    project: null,
  });
  return { id };
}
