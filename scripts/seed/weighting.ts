import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { reports, surveys, weightingSchemes } from '../../src/server/db/schema';
import { copyTreeStatements } from '../../src/server/services/reports/copy-tree';
import { saveScheme } from '../../src/server/services/weighting/save-scheme';
import { REPORT_STATUSES } from '../../src/shared/lookups';
import { DEFAULT_GROUP_ROLES, GROUPS } from '../../src/shared/permissions';
import { WeightingSchemeInput } from '../../src/shared/validation/weighting';
import { seedContext } from './context';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

export const DEMO_SCHEME_NAME = 'Bevolking Zuiderhaven 2026';
export const WEIGHTED_REPORT_TITLE = 'Burgerpeiling Zuiderhaven 2026 – gewogen';

/** Population of Zuiderhaven (41,250, the survey's population size) by age group, sex and district. */
export const DEMO_TARGETS = {
  leeftijd: { A1: 10_725, A2: 9_900, A3: 10_725, A4: 9_900 },
  geslacht: { M: 19_275, V: 19_500, X: 2_475 },
  wijk: { W1: 8_250, W2: 7_425, W3: 6_600, W4: 7_425, W5: 6_600, W6: 4_950 },
};

/**
 * Weighting demo (issue 31): the scheme 'Bevolking Zuiderhaven 2026' on the burgerpeiling (raking to
 * age × sex × district) and a published copy of the demo report in the sub-project 'Burgerpeiling
 * 2026 – Wijk Centrum' that uses it, so the portal shows a weighted report beside the unweighted report 1 (whose
 * figures the other tests and visual baselines read, and which stays unweighted).
 */
export async function seedWeighting(db: Db, today = new Date()): Promise<void> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  const [main] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, 1));
  if (!survey || !main) return;
  // As Bram Jansen (Beheerder of Zuiderhaven), the scheme's author in the survey's audit trail.
  const ctx = seedContext(db, today, { id: 2, email: 'beheerder@demo.impulz.nl', fullname: 'Bram Jansen', isRoot: false, isCompanyAdmin: true, groupId: GROUPS.Beheerder, roles: [...DEFAULT_GROUP_ROLES.Beheerder] });
  let [scheme] = await db.select({ id: weightingSchemes.id }).from(weightingSchemes).where(and(eq(weightingSchemes.surveyId, survey.id), eq(weightingSchemes.name, DEMO_SCHEME_NAME)));
  if (!scheme) {
    const input = WeightingSchemeInput.parse({ name: DEMO_SCHEME_NAME, method: 'rake', targets_are: 'counts', variables: Object.entries(DEMO_TARGETS).map(([column_key, targets]) => ({ column_key, targets })) });
    scheme = { id: (await saveScheme(ctx, survey.id, null, input)).id };
  }
  const [weighted] = await db.select({ id: reports.id }).from(reports).where(eq(reports.title, WEIGHTED_REPORT_TITLE));
  if (weighted) return;
  const [source] = await db.select().from(reports).where(eq(reports.id, 1));
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source!;
  const published = REPORT_STATUSES.find((s) => s.key === 'published')!.id;
  const values = { ...fields, projectId: 2, title: WEIGHTED_REPORT_TITLE, statusId: published, weightingId: scheme.id, directAccess: true, parentReportId: null, imageKey: null, imageType: null };
  const { statements } = await copyTreeStatements(ctx, 1, values);
  await db.batch(statements);
}
