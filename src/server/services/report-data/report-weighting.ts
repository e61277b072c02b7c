import { eq } from 'drizzle-orm';
import type { Cube } from '../../analytics';
import type { Db } from '../../db/client';
import { read } from '../../db/reads';
import { reports, weightingSchemes } from '../../db/schema';
import { AppError } from '../../errors';
import { weightingNl } from '../../../shared/i18n/weighting';
import { weightedBy } from '../weighting/present';
import { computeScheme } from '../weighting/compute-result';
import { weightingMessage } from '../weighting/scheme-engine';

type SchemeRow = typeof weightingSchemes.$inferSelect;

/** What a report data answer says about its weighting: `label` is the footer's 'Gewogen naar …'. */
export interface ReportWeighting {
  id: number;
  name: string;
  label: string;
}

/** The report's weighting scheme as one read of the data call's batch (a subquery on reports.weighting_id). */
export function schemeRead(db: Db, reportId: number) {
  const id = db.select({ id: reports.weightingId }).from(reports).where(eq(reports.id, reportId));
  return read([db.select().from(weightingSchemes).where(eq(weightingSchemes.id, id)).limit(1)], ([[row]]): SchemeRow | null => row ?? null);
}

export function presentWeighting(s: SchemeRow): ReportWeighting {
  return { id: s.id, name: s.name, label: weightedBy(s) };
}

/**
 * Weights of the scheme's survey per cube row (cached per cube and scheme in the isolate), or null
 * when the cube is of another survey or there is no scheme. A scheme the current responses cannot
 * be weighted with is a Dutch 422 naming the reason: never silently unweighted numbers.
 */
export function weightsFor(cube: Cube, scheme: SchemeRow | null): Float32Array | null {
  if (!scheme || scheme.surveyId !== cube.surveyId) return null;
  const computed = computeScheme(cube, scheme);
  if (computed.ok) return computed.weighting.cubeWeights;
  const message = weightingNl.errors.reportFailed(scheme.name, weightingMessage(computed.error));
  throw new AppError('VALIDATION', message, { weighting_id: [message] });
}
