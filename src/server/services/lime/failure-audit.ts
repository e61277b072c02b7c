import { auditLog } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Config } from '../../env';

/** Who is calling LimeSurvey, for the address rule (APP_ENV) and the audit row of a failure. */
export interface LimeCaller {
  appEnv: Config['appEnv'];
  db: Db;
  userId: number | null;
  companyId: number | null;
  /** What the call was for ('lime.connection.save', 'lime.sync' …), in the audit row. */
  action: string;
}

/** The audit row of a failed LimeSurvey call: what was attempted and what the installation did (never shown in the coupling's form). */
export function limeFailureStatement(caller: LimeCaller, connectionId: number | null, detail: string) {
  return caller.db.insert(auditLog).values({
    userId: caller.userId,
    companyId: caller.companyId,
    action: 'lime.failure',
    resource: 'lime_connection',
    resourceId: connectionId,
    summary: `${caller.action}: ${detail}`.slice(0, 500),
    result: 'failed',
  });
}
