import { asc, eq, sql } from 'drizzle-orm';
import { projectRoles, projectStatuses, projects, roles, userGroups, users } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { groupName } from '../../../shared/permissions';
import { recentLoginsRead } from '../users/get-login-log';
import { visibleProjects } from '../projects/scope';
import { userPanelsRead } from '../users/list-user-panels';
import { themesRead } from './list-themes';
import { fixedLookups } from './lookups';
import { visibleReportTitlesRead } from '../reports/list-reports';
import { read, readAll } from '../../db/reads';
import { placeholderUser } from '../../auth/placeholder-user';
import { preparedQuery } from '../../db/prepared';

/**
 * GET bootstrap (spec 000 §7): the signed-in user and every lookup the client keeps, each as
 * `{ data }`. `reports` lists the user's visible, not archived reports (id, title, project_id).
 * Every read is in one batch: one round trip after the session check (issue 20).
 */
export async function getBootstrap(ctx: UserServiceContext) {
  const { user } = ctx;
  const { shape, user: anyUser, values } = placeholderUser(user);
  const byUser = { userId: user.id };
  // Prepared once per isolate (db/prepared.ts): the same SQL every request, the user's ids as values.
  const lookups = read([
    preparedQuery(ctx.db, 'bootstrap.roles', () => ctx.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name))),
    preparedQuery(ctx.db, 'bootstrap.userGroups', () => ctx.db.select({ id: userGroups.id, description: userGroups.description }).from(userGroups).orderBy(asc(userGroups.id))),
    preparedQuery(ctx.db, 'bootstrap.projectStatuses', () => ctx.db.select({ id: projectStatuses.id, name: projectStatuses.name }).from(projectStatuses).orderBy(asc(projectStatuses.id))),
    preparedQuery(ctx.db, 'bootstrap.projectRoles', () => ctx.db.select({ id: projectRoles.id, name: projectRoles.name }).from(projectRoles).orderBy(asc(projectRoles.id))),
    preparedQuery(
      ctx.db,
      'bootstrap.userFlags',
      () =>
        ctx.db
          .select({ requestFeedbackAfter: users.requestFeedbackAfter, feedbackDontAsk: users.feedbackDontAsk, passwordChangedAt: users.passwordChangedAt })
          .from(users)
          .where(eq(users.id, sql.placeholder('userId'))),
      byUser,
    ),
    preparedQuery(ctx.db, `bootstrap.projectCount|${shape}`, () => ctx.db.select({ n: sql<number>`count(*)` }).from(projects).where(visibleProjects(anyUser)), values),
  ], (rows) => rows);
  const [[roleRows, groupRows, statusRows, projectRoleRows, [flags], [projectCount]], loginsSince, panels, themes, reportRows] = await readAll(ctx.db, [
    lookups,
    // The user's row is read once, above: the login log takes its password change time.
    recentLoginsRead(ctx),
    userPanelsRead(ctx),
    themesRead(ctx),
    visibleReportTitlesRead(ctx),
  ]);
  const logs = loginsSince(flags?.passwordChangedAt ?? null);
  const requestFeedback =
    !flags?.feedbackDontAsk && flags?.requestFeedbackAfter != null && flags.requestFeedbackAfter <= ctx.now;

  return {
    user: {
      data: {
        id: user.id,
        fullname: user.fullname,
        email: user.email,
        company_id: user.companyId,
        group_id: user.groupId,
        group: groupName(user.groupId) ?? null,
        roles: user.roles,
        twoFactorConfirmed: user.twoFactorConfirmed,
        panels,
        panelIds: panels.map((p) => p.id),
        hasProjects: Number(projectCount?.n ?? 0) > 0,
        logs: {
          previous_login_at: logs.previous_login_at,
          previous_from_ip: logs.previous_from_ip,
          password_change_at: logs.password_change_at,
        },
        user_stats_id: logs.current_login_id,
        isRootUser: user.isRoot,
        isCompanyAdmin: user.isCompanyAdmin,
        must_enable_2fa: user.mustEnable2fa && !user.twoFactorConfirmed,
        must_change_password: user.mustChangePassword,
        request_feedback: requestFeedback,
      },
    },
    roles: { data: roleRows },
    userGroups: { data: groupRows.map((g) => ({ ...g, hasGroup: g.id >= user.groupId })) },
    projectStatuses: { data: statusRows },
    projectRoles: { data: projectRoleRows },
    ...fixedLookups(),
    reports: { data: reportRows },
    themes: { data: themes.vue },
    pdfThemes: { data: themes.pdf },
  };
}
