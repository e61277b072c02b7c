import { auditRow } from '../audit/audit-row';
import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import type { ReportUpdate } from '../../../shared/validation/reports';
import { findReport, requireReportRole } from './access';
import { presentReport } from './present';
import { reportColumns } from './report-columns';
import { checkWeighting } from './check-weighting';

/** PUT report/{id}: any report field; `archived: true|false` archives or de-archives. */
export async function updateReport(ctx: UserServiceContext, reportId: number, input: ReportUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const current = await findReport(ctx, reportId);
  const start = input.start_date === undefined ? current.startDate : input.start_date;
  const end = input.end_date ?? current.endDate;
  if (start && end && start > end) throw new AppError('VALIDATION', nl.validation, { end_date: [reportsNl.dateOrder] });
  // A weighting scheme must be of a survey of the report's project and cover the (new) period.
  const weightingId = input.weighting_id === undefined ? current.weightingId : input.weighting_id;
  if (weightingId !== null && (input.weighting_id !== undefined || input.start_date !== undefined || input.end_date !== undefined)) {
    await checkWeighting(ctx, current.projectId, weightingId, start, end);
  }
  const set = {
    ...reportColumns(input),
    archivedAt: input.archived === undefined ? undefined : input.archived ? (current.archivedAt ?? ctx.now) : null,
  };
  if (Object.values(set).every((v) => v === undefined)) return presentReport(current);
  const update = ctx.db.update(reports).set(set).where(eq(reports.id, reportId)).returning();
  // Public access and archiving (taking a report out of publication) are on the record.
  const events = [
    ...(set.directAccess !== undefined && set.directAccess !== current.directAccess ? [{ action: 'report.public', summary: `Rapportage ${set.directAccess ? 'openbaar gemaakt (directe toegang)' : 'niet meer openbaar'}: ${current.title}` }] : []),
    ...(input.archived !== undefined && input.archived !== (current.archivedAt !== null) ? [{ action: input.archived ? 'report.archive' : 'report.publish', summary: `Rapportage ${input.archived ? 'gearchiveerd' : 'weer gepubliceerd'}: ${current.title}` }] : []),
  ];
  const companyId = sql<number | null>`(select ${projects.companyId} from ${projects} where ${projects.id} = ${current.projectId})`;
  const [[row]] = await ctx.db.batch([update, ...events.map((e) => auditRow(ctx, { ...e, resource: 'report', resourceId: reportId, companyId }))]);
  return presentReport(row!);
}
