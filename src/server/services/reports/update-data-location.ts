import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportDataLocations } from '../../db/schema';
import type { DataLocationUpdate } from '../../../shared/validation/reports';
import { checkColumn } from './check-column';
import { findDataLocation, requireReportRole } from './access';
import { presentDataLocation } from './present';

/** PUT dataLocation/{id} */
export async function updateDataLocation(ctx: UserServiceContext, id: number, input: DataLocationUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { report, dataLocation } = await findDataLocation(ctx, id);
  if (input.survey_id !== undefined || input.column_key !== undefined || input.n_method !== undefined) {
    await checkColumn(ctx, report.projectId, input.survey_id ?? dataLocation.surveyId, input.column_key ?? dataLocation.columnKey, input.n_method ?? dataLocation.nMethod);
  }
  const set = { surveyId: input.survey_id, columnKey: input.column_key, label: input.label, nMethod: input.n_method, order: input.order };
  if (Object.values(set).every((v) => v === undefined)) return presentDataLocation(dataLocation);
  const [row] = await ctx.db.update(reportDataLocations).set(set).where(eq(reportDataLocations.id, id)).returning();
  return presentDataLocation(row!);
}
