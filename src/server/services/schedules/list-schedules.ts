import type { UserServiceContext } from '../../context';
import { findScheduleReport, listCandidates, listScheduleItems } from './access';

/** GET report/{id}/schedule: the report's schedules and the project members it can go to. */
export async function listSchedules(ctx: UserServiceContext, reportId: number) {
  const report = await findScheduleReport(ctx, reportId);
  const [items, candidates] = await Promise.all([listScheduleItems(ctx.db, report.id), listCandidates(ctx.db, report.projectId, ctx.now)]);
  return { items, candidates, publicReport: report.directAccess, pdfExport: report.pdfExport };
}
