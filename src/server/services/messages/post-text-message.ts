import type { UserServiceContext } from '../../context';
import { projectMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { messagesNl } from '../../../shared/i18n/messages';
import { touchProject } from '../projects/access';
import { findMessagingProject, mayPost } from './access';
import { notifyMembers } from './notify';

/**
 * The help form's project question as a message of that project (issue 15), when the project
 * has messaging on and the user may write there; otherwise only the helpdesk gets it. Returns
 * the message id, or null when it was not posted.
 */
export async function postHelpQuestionMessage(ctx: UserServiceContext, projectId: number, question: string, origin: string): Promise<number | null> {
  let project;
  try {
    project = await findMessagingProject(ctx, projectId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  if (!mayPost(ctx, project)) return null;
  const body = messagesNl.helpMessage(question);
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(projectMessages).values({ projectId, userId: ctx.user.id, body, createdAt: ctx.now, updatedAt: ctx.now }).returning({ id: projectMessages.id }),
    touchProject(ctx, projectId),
  ]);
  await notifyMembers(ctx, project, { body, files: [], origin });
  return row!.id;
}
