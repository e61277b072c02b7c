import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { filterCategories, surveys } from '../../src/server/db/schema';
import { generatedCategory, insertCategory } from '../../src/server/services/filters/generate-category';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

/**
 * Demo filter categories on project 1 for the burgerpeiling, generated like the api does: from the
 * background questions (age group, district, gender) and from the open question `verbeterpunt`
 * (answers given by at least 10 respondents). Fixed ids (category k: options and conditions from
 * (k−1)·100+1) so that route tests can use filterCategory 1 / filterOption 1 / filterCondition 1.
 */
export async function seedFilters(db: Db, _today = new Date()): Promise<void> {
  const [existing] = await db.select({ id: filterCategories.id }).from(filterCategories).where(eq(filterCategories.id, 1));
  if (existing) return;
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const plan = [
    { title: 'Leeftijdsgroep', key: 'leeftijd', minCount: 1 },
    { title: 'Wijk', key: 'wijk', minCount: 1 },
    { title: 'Geslacht', key: 'geslacht', minCount: 1 },
    { title: 'Belangrijkste verbeterpunt', key: 'verbeterpunt', minCount: 10 },
  ];
  for (let k = 0; k < plan.length; k++) {
    const p = plan[k]!;
    const { options } = await generatedCategory({ db }, survey.id, p.key, p.minCount);
    const first = k * 100 + 1;
    await insertCategory(db, { id: k + 1, firstOptionId: first, firstConditionId: first, projectId: 1, surveyId: survey.id, title: p.title, order: k, options });
  }
}
