import type { UserServiceContext } from '../../context';
import { findSchedule } from './access';
import { removeSchedule } from './write-schedule';

/** DELETE report/{id}/schedule/{sid} */
export async function deleteSchedule(ctx: UserServiceContext, reportId: number, scheduleId: number) {
  const { report, schedule } = await findSchedule(ctx, reportId, scheduleId);
  await removeSchedule(ctx, report, schedule.id);
}
