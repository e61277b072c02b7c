import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { indicators, surveys } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { createIndicator } from '../../src/server/services/indicators/create-indicator';
import { GROUPS } from '../../src/shared/permissions';
import { IndicatorInput } from '../../src/shared/validation/indicators';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The seed acts as Bram Jansen (Beheerder, company admin of company 1), so every rule of the services applies. */
function seedContext(db: Db, today: Date): UserServiceContext {
  const user: SessionUser = {
    id: 2, companyId: 1, groupId: GROUPS.Beheerder, email: 'beheerder@demo.impulz.nl', fullname: 'Bram Jansen', isRoot: false, isCompanyAdmin: true,
    roles: ['project.access', 'project.view', 'notification.access', 'notification.view', 'notification.create', 'notification.edit'],
    mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: false,
  };
  const config = { appEnv: 'development' as const, libsqlUrl: 'file:seed', mailFrom: 'ImpulZ <noreply@impulz.nl>', helpdeskEmail: 'helpdesk@impulz.nl' };
  return { db, user, now: today, config, mailer: createMailer(db, config) };
}

/**
 * Demo indicators of project 1 on the burgerpeiling, created through the indicator service (so
 * they are evaluated by the engine at once): the response count (reached: a notice on the front
 * page and the project page, mails to the members in the outbox), a percentage, a mean for one
 * district, a top-2 score, and one over a group too small to report — it shows why it never fires.
 * Ids 1–5 follow from creating them in an empty table; skipped when indicator 1 exists.
 */
export async function seedIndicators(db: Db, today = new Date()): Promise<void> {
  const [existing] = await db.select({ id: indicators.id }).from(indicators).where(eq(indicators.id, 1));
  if (existing) return;
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const ctx = seedContext(db, today);
  const base = { project_id: 1, survey_id: survey.id };
  const plan = [
    { title: 'Respons burgerpeiling', metric: 'responses', comparator: 'greaterOrEqual', threshold: 2500 },
    { title: 'Zeer tevreden over de dienstverlening', metric: 'percentage', column_key: 'tevredengemeente', answer_code: '5', comparator: 'less', threshold: 15 },
    { title: 'Rapportcijfer buurt in Centrum', metric: 'mean', column_key: 'rapportcijfer', filter_option_ids: [101], comparator: 'less', threshold: 6.5 },
    { title: 'Schone straten (top-2)', metric: 'topBox', column_key: 'buurt_SQ001', comparator: 'less', threshold: 40 },
    // Haven, 65 jaar of ouder, the last week: too few respondents — suppressed, never fires.
    { title: 'Respons Haven 65+ deze week', metric: 'responses', filter_option_ids: [4, 106], comparator: 'greaterOrEqual', threshold: 5, start_date: isoDay(new Date(today.getTime() - 7 * DAY)), end_date: isoDay(new Date(today.getTime() + 60 * DAY)) },
  ];
  for (const p of plan) await createIndicator(ctx, IndicatorInput.parse({ ...base, ...p }));
}
