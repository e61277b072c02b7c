import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { surveyFieldwork, surveys } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { localStamp } from '../../src/server/services/participate/fieldwork-state';
import { linkPanel } from '../../src/server/services/participate/panel-fielding';
import { ROLES } from '../../src/shared/permissions';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

const DAY = 86_400_000;

/**
 * Taking part in the demo: the burgerpeiling is open from two weeks before the first seed until
 * four months after it, and fielded to the Burgerpanel Zuiderhaven (its member gets a token).
 */
export async function seedParticipation(db: Db, today = new Date()): Promise<void> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const [existing] = await db.select().from(surveyFieldwork).where(eq(surveyFieldwork.surveyId, survey.id));
  if (existing) return;
  const root: SessionUser = {
    id: 1, companyId: 1, groupId: 1, email: 'admin@demo.impulz.nl', fullname: 'Seed', isRoot: true, isCompanyAdmin: false, roles: [...ROLES],
    mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: true,
  };
  const config = { appEnv: 'development' as const, libsqlUrl: 'file:seed', mailFrom: 'seed@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
  const ctx: UserServiceContext = { db, user: root, now: today, config, mailer: createMailer(db, config) };
  const start = localStamp(new Date(today.getTime() - 14 * DAY)).slice(0, 10);
  const end = localStamp(new Date(today.getTime() + 120 * DAY)).slice(0, 10);
  await db.insert(surveyFieldwork).values({ surveyId: survey.id, status: 'open', startsAt: `${start}T08:00`, endsAt: `${end}T23:59` }).onConflictDoNothing();
  await linkPanel(ctx, survey.id, 1);
}
