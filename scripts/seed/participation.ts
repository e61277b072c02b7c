import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { surveyFieldwork, surveys } from '../../src/server/db/schema';
import { localStamp } from '../../src/server/services/participate/fieldwork-state';
import { linkPanel } from '../../src/server/services/participate/panel-fielding';
import { seedContext } from './context';
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
  // Without a job system: linking the panel only hands out tokens here, no mails or rebuilds.
  const { jobs: _jobs, ...ctx } = seedContext(db, today);
  const start = localStamp(new Date(today.getTime() - 14 * DAY)).slice(0, 10);
  const end = localStamp(new Date(today.getTime() + 120 * DAY)).slice(0, 10);
  await db.insert(surveyFieldwork).values({ surveyId: survey.id, status: 'open', startsAt: `${start}T08:00`, endsAt: `${end}T23:59` }).onConflictDoNothing();
  await linkPanel(ctx, survey.id, 1);
}
