import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectSurveys, weightingSchemes } from '../../db/schema';
import { AppError } from '../../errors';
import { weightingNl } from '../../../shared/i18n/weighting';

/**
 * A report may use a weighting scheme of a survey of its own project whose range holds the
 * report's period (a scheme without a start or end is open on that side; a report without a start
 * date needs a scheme without one). Anything else is the same Dutch 422, so another company's
 * scheme ids reveal nothing.
 */
export async function checkWeighting(ctx: UserServiceContext, projectId: number, weightingId: number, start: string | null, end: string) {
  const [scheme] = await ctx.db
    .select({ startDate: weightingSchemes.startDate, endDate: weightingSchemes.endDate })
    .from(weightingSchemes)
    .innerJoin(projectSurveys, and(eq(projectSurveys.surveyId, weightingSchemes.surveyId), eq(projectSurveys.projectId, projectId)))
    .where(eq(weightingSchemes.id, weightingId));
  const holds = scheme && schemeHolds(scheme, start, end);
  if (!holds) throw new AppError('VALIDATION', weightingNl.errors.notInRange, { weighting_id: [weightingNl.errors.notInRange] });
}

/**
 * Whether a scheme's range holds a period (ISO dates): a scheme without a start or end is open on
 * that side; a period without a start (or end) needs a scheme open on that side. Reports and
 * indicators (indicators/check-indicator.ts) use it alike.
 */
export function schemeHolds(scheme: { startDate: string | null; endDate: string | null }, start: string | null, end: string | null): boolean {
  return (!scheme.startDate || (start !== null && scheme.startDate <= start)) && (!scheme.endDate || (end !== null && end <= scheme.endDate));
}
