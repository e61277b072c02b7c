import type { UserServiceContext } from '../../context';
import { requireProjectRole } from './access';
import { getProject } from './get-project';

/** GET project/{id}/user (every member) or /admin (the Projectleiders), with their project role. */
export async function listProjectMembers(ctx: UserServiceContext, projectId: number, admins = false) {
  requireProjectRole(ctx.user, 'project.view');
  const project = await getProject(ctx, projectId, admins ? 'admins' : 'users');
  return (admins ? project.admins : project.users) ?? [];
}
