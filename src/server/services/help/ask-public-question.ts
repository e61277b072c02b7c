import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import { helpQuestions } from '../../db/schema';
import type { PublicHelpQuestionInput } from '../../../shared/validation/help';

const TYPE_LABEL = { question: 'Vraag', feedback: 'Feedback' } as const;

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
  const [row] = await ctx.db
    .insert(helpQuestions)
    .values({ userId: ctx.user?.id ?? null, type: input.type, name: input.name, email: input.email, question: input.question, projectId: null, route: input.route ?? null })
    .returning({ id: helpQuestions.id });
  const lines = [
    `${TYPE_LABEL[input.type]} van ${input.name} <${input.email}> (${ctx.user ? `ingelogd als gebruiker #${ctx.user.id}` : 'niet ingelogd'}, via de hulppagina)`,
    input.route ? `Pagina: ${input.route}` : null,
    '',
    input.question,
  ].filter((l) => l !== null);
  await ctx.mailer.send({
    to: ctx.config.helpdeskEmail,
    replyTo: input.email,
    subject: `[ImpulZ helpdesk] ${TYPE_LABEL[input.type]} (#${row!.id})`,
    text: lines.join('\n'),
  });
  return { id: row!.id };
}
