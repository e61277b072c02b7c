import type { UserServiceContext } from '../../../context';
import { loadPendingSetup } from './pending-setup';

/** backup_codes.csv (spec 001 §9): one code a line, only while the setup window is open. */
export async function getBackupCodesCsv(ctx: UserServiceContext): Promise<string> {
  const { recoveryCodes } = await loadPendingSetup(ctx);
  return `${recoveryCodes.join('\r\n')}\r\n`;
}
