import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectUsers, users } from '../../db/schema';
import { messagesNl } from '../../../shared/i18n/messages';
import type { MessagingProject } from './access';

const EXCERPT = 500;

/**
 * A new message mails the project's other members (mail adapter → outbox), except those who
 * switched message mails off on their profile. A failing mail API does not undo the message:
 * the outbox row records the failure.
 */
export async function notifyMembers(ctx: UserServiceContext, project: MessagingProject, message: { body: string; files: string[]; origin: string }) {
  const recipients = await ctx.db
    .select({ name: users.fullname, email: users.email })
    .from(projectUsers)
    .innerJoin(users, and(eq(users.id, projectUsers.userId), isNull(users.deletedAt), eq(users.messageMails, true), or(isNull(users.demoExpiresAt), gt(users.demoExpiresAt, ctx.now))))
    .where(and(eq(projectUsers.projectId, project.id), ne(projectUsers.userId, ctx.user.id)));
  const excerpt = message.body.length > EXCERPT ? `${message.body.slice(0, EXCERPT)}…` : message.body;
  const link = `${message.origin}/portal/project/${project.id}/messages`;
  await Promise.allSettled(
    recipients.map((r) =>
      ctx.mailer.send({
        to: r.email,
        subject: messagesNl.mailSubject(project.title),
        text: messagesNl.mailText({ name: r.name, author: ctx.user.fullname, project: project.title, excerpt, files: message.files, link }),
      }),
    ),
  );
}
