import { and, eq } from 'drizzle-orm';
import type { ServiceContext, UserServiceContext } from '../../context';
import { helpQuestions, projects } from '../../db/schema';
import { AppError } from '../../errors';
import { visibleProjects } from '../projects/scope';
import { postHelpQuestionMessage } from '../messages/post-text-message';
import type { HelpQuestionInput } from '../../../shared/validation/help';

const TYPE_LABEL = { question: 'Vraag', feedback: 'Feedback', project: 'Vraag over een project' } as const;

/** POST question: stores the help-form question and mails it to the helpdesk (reply goes to the asker). */
export async function askQuestion(ctx: UserServiceContext, input: HelpQuestionInput, origin = ctx.config.appUrl ?? ''): Promise<{ id: number; message_id: number | null }> {
  let projectTitle: string | null = null;
  if (input.type === 'project' && input.project != null) {
    // Only a project the user can see; anything else reads as absent (no existence leak).
    const [project] = await ctx.db
      .select({ title: projects.title })
      .from(projects)
      .where(and(eq(projects.id, input.project), visibleProjects(ctx.user)));
    if (!project) throw new AppError('VALIDATION', 'Niet alle velden zijn correct ingevuld.', { project: ['Kies een project uit de lijst'] });
    projectTitle = project.title;
  }
  const id = await fileQuestion(ctx, input, {
    userId: ctx.user.id,
    projectId: input.type === 'project' ? (input.project ?? null) : null,
    who: `gebruiker #${ctx.user.id}`,
    project: projectTitle ? { title: projectTitle, id: input.project! } : null,
  });
  // A project question also lands in the project's messages, where the project team reads it.
  const messageId = input.type === 'project' && input.project != null ? await postHelpQuestionMessage(ctx, input.project, input.question, origin) : null;
  return { id, message_id: messageId };
}

/**
 * The part both help forms share (in the app and outside it): the question stored, then mailed to
 * the helpdesk with the asker as reply-to. `who` says who asked ('gebruiker #3', 'niet ingelogd').
 */
export async function fileQuestion(
  ctx: ServiceContext,
  input: { type: keyof typeof TYPE_LABEL; name: string; email: string; question: string; route?: string | null },
  about: { userId: number | null; projectId: number | null; who: string; project: { title: string; id: number } | null },
): Promise<number> {
  const [row] = await ctx.db
    .insert(helpQuestions)
    .values({ userId: about.userId, type: input.type, name: input.name, email: input.email, question: input.question, projectId: about.projectId, route: input.route ?? null })
    .returning({ id: helpQuestions.id });
  const lines = [
    `${TYPE_LABEL[input.type]} van ${input.name} <${input.email}> (${about.who})`,
    about.project ? `Project: ${about.project.title} (#${about.project.id})` : null,
    input.route ? `Pagina: ${input.route}` : null,
    '',
    input.question,
  ].filter((l) => l !== null);
  await ctx.mailer.send({
    to: ctx.config.helpdeskEmail,
    replyTo: input.email,
    subject: `[ImpulZ helpdesk] ${TYPE_LABEL[input.type]}${about.project ? ` – ${about.project.title}` : ''} (#${row!.id})`,
    text: lines.join('\n'),
  });
  return row!.id;
}
