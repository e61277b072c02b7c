import { auditRow, surveyCompany } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicators, reports, surveyAudit, weightingSchemes } from '../../db/schema';
import { findScheme } from './scope';

/**
 * DELETE survey/{id}/weighting/{wid}: reports and indicators that used it become unweighted (their data generation
 * moves with the report update), the scheme and its result go, and the audit row records it — one batch.
 */
export async function deleteScheme(ctx: UserServiceContext, surveyId: number, wid: number) {
  const { scheme } = await findScheme(ctx, surveyId, wid);
  await ctx.db.batch([
    ctx.db.update(reports).set({ weightingId: null }).where(eq(reports.weightingId, wid)),
    ctx.db.update(indicators).set({ weightingId: null }).where(eq(indicators.weightingId, wid)),
    ctx.db.delete(weightingSchemes).where(eq(weightingSchemes.id, wid)),
    ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'weighting.delete', detail: { scheme_id: wid, name: scheme.name } }),
    auditRow(ctx, { action: 'weighting.delete', resource: 'survey', resourceId: surveyId, companyId: surveyCompany(surveyId), summary: `Weging '${scheme.name}' verwijderd` }),
  ]);
  return { id: wid };
}
