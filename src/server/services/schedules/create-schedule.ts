import type { UserServiceContext } from '../../context';
import type { ScheduleInput } from '../../../shared/validation/schedules';
import { findScheduleReport, listScheduleItems } from './access';
import { insertSchedule } from './write-schedule';

/** POST report/{id}/schedule */
export async function createSchedule(ctx: UserServiceContext, reportId: number, input: ScheduleInput) {
  const report = await findScheduleReport(ctx, reportId);
  const id = await insertSchedule(ctx, report, input);
  return (await listScheduleItems(ctx.db, report.id, id))[0]!;
}
