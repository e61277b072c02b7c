import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { read, readOne } from '../../db/reads';
import { placeholderUser } from '../../auth/placeholder-user';
import { preparedQuery } from '../../db/prepared';
import { requireReportRole, visibleReports } from './access';
import { presentReport } from './present';

/** The reports the user may see (visibleReports), not deleted; archived ones only when asked. */
export async function visibleReportRows(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number } = {}) {
  return readOne(ctx.db, visibleReportRowsRead(ctx, opts));
}

/** visibleReportRows's query, to share a request's batch (db/reads.ts). */
export function visibleReportRowsRead(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number } = {}) {
  const { shape, user, values } = placeholderUser(ctx.user);
  const query = preparedQuery(
    ctx.db,
    `visibleReportRows|${shape}|archived=${Boolean(opts.archived)}|project=${Boolean(opts.projectId)}`,
    () => {
      const where: (SQL | undefined)[] = [visibleReports(user)];
      if (!opts.archived) where.push(isNull(reports.archivedAt));
      if (opts.projectId) where.push(eq(reports.projectId, sql.placeholder('projectId')));
      return ctx.db
        .select({ report: reports })
        .from(reports)
        .innerJoin(projects, eq(projects.id, reports.projectId))
        .where(and(...where))
        .orderBy(asc(reports.title), asc(reports.id));
    },
    { ...values, projectId: opts.projectId },
  );
  return read([query], ([rows]) => rows.map((r) => r.report));
}

/** Id, title and project of the visible, not archived reports (bootstrap `reports`): the same rule, three columns. */
export function visibleReportTitlesRead(ctx: UserServiceContext) {
  const { shape, user, values } = placeholderUser(ctx.user);
  const query = preparedQuery(
    ctx.db,
    `visibleReportTitles|${shape}`,
    () =>
      ctx.db
        .select({ id: reports.id, title: reports.title, project_id: reports.projectId })
        .from(reports)
        .innerJoin(projects, eq(projects.id, reports.projectId))
        .where(and(visibleReports(user), isNull(reports.archivedAt)))
        .orderBy(asc(reports.title), asc(reports.id)),
    values,
  );
  return read([query], ([rows]) => rows);
}

/** GET report[?archived=1][&project_id=] */
export async function listReports(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number }) {
  requireReportRole(ctx.user, 'dashboard.view');
  return (await visibleReportRows(ctx, opts)).map((r) => presentReport(r));
}
