import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { surveys } from '../../src/server/db/schema';
import { DEMO_SURVEY_SID } from '../../scripts/seed/surveys-burgerpeiling';

/** The portal id of the seeded burgerpeiling (LimeSurvey id 474747) of Gemeente Zuiderhaven. */
export async function demoSurveyId(db: Db): Promise<number> {
  const [s] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!s) throw new Error('the demo survey is not seeded');
  return s.id;
}
