import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, projectUsers } from '../../db/schema';
import { AppError } from '../../errors';
import { messagesNl } from '../../../shared/i18n/messages';
import { requireProjectRole } from '../projects/access';
import { visibleProjects } from '../projects/scope';

const PROJECTLEIDER = 1;
const MEELEZER = 3;

export interface MessagingProject {
  id: number;
  title: string;
  companyId: number;
  /** The user's project role, null when not a member (company admins, root). */
  projectRoleId: number | null;
}

/**
 * The project of a messages call: one the user may open (else 404, as for any project), with
 * messaging switched on (else 403 with the Dutch explanation). One query.
 */
export async function findMessagingProject(ctx: UserServiceContext, projectId: number): Promise<MessagingProject> {
  requireProjectRole(ctx.user, 'project.view');
  const [row] = await ctx.db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId, allowMessaging: projects.allowMessaging, projectRoleId: projectUsers.projectRoleId, member: projectUsers.userId })
    .from(projects)
    .leftJoin(projectUsers, and(eq(projectUsers.projectId, projects.id), eq(projectUsers.userId, ctx.user.id)))
    .where(and(eq(projects.id, projectId), visibleProjects(ctx.user)));
  if (!row) throw new AppError('NOT_FOUND', 'Het gevraagde item kon niet gevonden worden.');
  if (!row.allowMessaging) throw new AppError('FORBIDDEN', messagesNl.messagingOff);
  return { id: row.id, title: row.title, companyId: row.companyId, projectRoleId: row.member === null ? null : (row.projectRoleId ?? null) };
}

const isAdminOf = (ctx: UserServiceContext, project: MessagingProject) =>
  ctx.user.isRoot || (ctx.user.isCompanyAdmin && ctx.user.companyId === project.companyId) || project.projectRoleId === PROJECTLEIDER;

/** Meelezers (demo accounts among them) read the conversation but don't write in it. */
export const mayPost = (ctx: UserServiceContext, project: MessagingProject) => project.projectRoleId !== MEELEZER || isAdminOf(ctx, project);

export function requireMayPost(ctx: UserServiceContext, project: MessagingProject): void {
  if (!mayPost(ctx, project)) throw new AppError('FORBIDDEN', messagesNl.readerMayNotPost);
}

/** Changing or deleting a message or file: its author, the Projectleiders, company admins, root users. */
export function mayManage(ctx: UserServiceContext, project: MessagingProject, authorId: number | null): boolean {
  return authorId === ctx.user.id || isAdminOf(ctx, project);
}

export function requireMayManage(ctx: UserServiceContext, project: MessagingProject, authorId: number | null): void {
  if (!mayManage(ctx, project, authorId)) throw new AppError('FORBIDDEN', messagesNl.mayNotManage);
}

/** Key scheme (ARCHITECTURE §4): per project and message; uuids, as the rows are written only after the upload. */
export const messageFileKey = (projectId: number, messageKey: string, fileKey: string) => `projects/${projectId}/messages/${messageKey}/${fileKey}`;
export const MESSAGE_FILE_KEY = /^projects\/(\d+)\/messages\//;
