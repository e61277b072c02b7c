import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportScheduleRecipients } from '../../db/schema';
import type { ScheduleInput } from '../../../shared/validation/schedules';
import { findSchedule, listScheduleItems } from './access';
import { replaceSchedule } from './write-schedule';

/** PUT report/{id}/schedule/{sid} */
export async function updateSchedule(ctx: UserServiceContext, reportId: number, scheduleId: number, input: ScheduleInput) {
  const { report, schedule } = await findSchedule(ctx, reportId, scheduleId);
  const current = await ctx.db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, schedule.id));
  await replaceSchedule(ctx, report, schedule.id, input, current);
  return (await listScheduleItems(ctx.db, report.id, schedule.id))[0]!;
}
