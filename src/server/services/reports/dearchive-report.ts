import type { UserServiceContext } from '../../context';
import { updateReport } from './update-report';

/** PUT report/{id}/dearchive: the same as PUT report/{id} { archived: false } (dashboard.edit, checked there first). */
export async function dearchiveReport(ctx: UserServiceContext, reportId: number) {
  return updateReport(ctx, reportId, { archived: false });
}
