import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectFiles, projectMessageReads, projectMessages, users } from '../../db/schema';
import { findMessagingProject, mayManage, mayPost, type MessagingProject } from './access';
import { bodyAndDate, presentFile, type PresentedMessage } from './present';

/**
 * GET project/{id}/message: the conversation, newest first, with files. Reading it marks every
 * message as read for this user (the unread counts on cards and the project page); `unread` says
 * which ones were new at this visit.
 */
export async function listMessages(ctx: UserServiceContext, projectId: number): Promise<PresentedMessage[]> {
  return listFor(ctx, await findMessagingProject(ctx, projectId));
}

/** The screen: the conversation and whether the user may write in it. */
export async function loadMessagesScreen(ctx: UserServiceContext, projectId: number) {
  const project = await findMessagingProject(ctx, projectId);
  return { messages: await listFor(ctx, project), canPost: mayPost(ctx, project) };
}

async function listFor(ctx: UserServiceContext, project: MessagingProject): Promise<PresentedMessage[]> {
  const projectId = project.id;
  const [rows, files, reads] = await ctx.db.batch([
    ctx.db
      .select({ id: projectMessages.id, userId: projectMessages.userId, body: projectMessages.body, createdAt: projectMessages.createdAt, author: users.fullname })
      .from(projectMessages)
      .leftJoin(users, eq(users.id, projectMessages.userId))
      .where(eq(projectMessages.projectId, projectId))
      .orderBy(desc(projectMessages.id)),
    ctx.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId)).orderBy(projectFiles.id),
    ctx.db.select({ last: projectMessageReads.lastReadMessageId }).from(projectMessageReads).where(and(eq(projectMessageReads.projectId, projectId), eq(projectMessageReads.userId, ctx.user.id))),
  ]);
  const lastRead = reads[0]?.last ?? 0;
  const newest = rows[0]?.id ?? 0;
  if (newest > lastRead) await markRead(ctx, projectId, newest);
  return rows.map((m) => ({
    id: m.id,
    project_id: projectId,
    user_id: m.userId,
    author: m.author,
    ...bodyAndDate(m.body, m.createdAt),
    files: files.filter((f) => f.messageId === m.id).map(presentFile),
    unread: m.id > lastRead && m.userId !== ctx.user.id,
    can_manage: mayManage(ctx, project, m.userId),
  }));
}

export const markRead = (ctx: UserServiceContext, projectId: number, messageId: number) =>
  ctx.db
    .insert(projectMessageReads)
    .values({ projectId, userId: ctx.user.id, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [projectMessageReads.projectId, projectMessageReads.userId],
      set: { lastReadMessageId: sql`max(${projectMessageReads.lastReadMessageId}, excluded.last_read_message_id)`, updatedAt: ctx.now },
    });
