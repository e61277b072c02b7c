import type { SessionUser } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { r2FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { createMailer } from '../../src/server/mail/mailer';
import { ROLES } from '../../src/shared/permissions';
import { memoryBucket } from '../../tests/helpers/file-stores';
import { JOB_KINDS } from '../../src/server/job-kinds';

/**
 * The service context the seed runs the real services with: by default the demo root with every
 * role; a job system as in production whose jobs run at once (so the seed ends with nothing
 * pending) and files in memory.
 */
export function seedContext(db: Db, now: Date, user: Partial<SessionUser> = {}): UserServiceContext {
  const config = { appEnv: 'development' as const, libsqlUrl: 'file:seed', mailFrom: 'seed@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
  const full: SessionUser = {
    id: 1, companyId: 1, groupId: 1, email: 'admin@demo.impulz.nl', fullname: 'Seed', isRoot: true, isCompanyAdmin: false, roles: [...ROLES],
    mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: true, ...user,
  };
  return { db, user: full, now, config, mailer: createMailer(db, config), jobs: inlineJobSystem(JOB_KINDS, db, r2FileStore(memoryBucket()), () => now) };
}
