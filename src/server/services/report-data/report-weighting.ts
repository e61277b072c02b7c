import { type SQLWrapper, eq, inArray } from 'drizzle-orm';
import type { Cube } from '../../analytics';
import type { Db } from '../../db/client';
import { read } from '../../db/reads';
import { reports, surveys, weightingSchemes } from '../../db/schema';
import { AppError } from '../../errors';
import { weightingNl } from '../../../shared/i18n/weighting';
import { type VariableNames, variableName, variableNamesRead, weightedBy } from '../weighting/variable-names';
import type { ColumnTexts } from './column-texts';
import { computeScheme } from '../weighting/compute-result';
import { weightingMessage } from '../weighting/scheme-engine';

type SchemeRow = typeof weightingSchemes.$inferSelect;

/** What a report data answer says about its weighting: `label` is the footer's 'Gewogen naar …'. */
export interface ReportWeighting {
  id: number;
  name: string;
  label: string;
}

const schemeIdOf = (db: Db, reportId: number) => db.select({ id: reports.weightingId }).from(reports).where(eq(reports.id, reportId));

/** The survey of the report's scheme, as a subquery (no row when the report is unweighted). */
const schemeSurveyOf = (db: Db, reportId: number) => db.select({ id: weightingSchemes.surveyId }).from(weightingSchemes).where(eq(weightingSchemes.id, schemeIdOf(db, reportId)));

/** The report's weighting scheme as one read of the data call's batch (a subquery on reports.weighting_id). */
export function schemeRead(db: Db, reportId: number) {
  return read([db.select().from(weightingSchemes).where(eq(weightingSchemes.id, schemeIdOf(db, reportId))).limit(1)], ([[row]]): SchemeRow | null => row ?? null);
}

/** The panel fields and filter categories that name the scheme's variables (variable-names.ts), one read of the same batch. */
export function schemeNamesRead(db: Db, reportId: number) {
  return variableNamesRead(db, schemeSurveyOf(db, reportId));
}

/**
 * `surveyIds` and the survey of the report's scheme, for the column texts read of the batch: the
 * scheme's variables are named from its survey's texts even when no chart of the scope uses it.
 */
export function withSchemeSurvey(db: Db, reportId: number, surveyIds: number[] | SQLWrapper): SQLWrapper {
  return db.select({ id: surveys.id }).from(surveys).where(inArray(surveys.id, surveyIds)).union(schemeSurveyOf(db, reportId));
}

/** Names variables as the report's reader knows them (variableName). */
export const readerNames = (names: VariableNames, texts: Map<string, ColumnTexts> | undefined) => (key: string) => variableName(key, names, texts);

/** What the data answer says about the scheme; `texts`: the column texts of the scheme's survey. */
export function presentWeighting(s: SchemeRow, names: VariableNames, texts: Map<string, ColumnTexts> | undefined): ReportWeighting {
  return { id: s.id, name: s.name, label: weightedBy(s, names, texts) };
}

/**
 * Weights of the scheme's survey per cube row (cached per cube and scheme in the isolate), or null
 * when the cube is of another survey or there is no scheme. A scheme the current responses cannot
 * be weighted with is a Dutch 422 naming the reason: never silently unweighted numbers. `nameOf`
 * names the variables in it (a report: as 'Gewogen naar …' does, `readerNames`).
 */
export function weightsFor(cube: Cube, scheme: SchemeRow | null, nameOf?: (key: string) => string): Float32Array | null {
  if (!scheme || scheme.surveyId !== cube.surveyId) return null;
  const computed = computeScheme(cube, scheme);
  if (computed.ok) return computed.weighting.cubeWeights;
  const message = weightingNl.errors.reportFailed(scheme.name, weightingMessage(computed.error, nameOf));
  throw new AppError('VALIDATION', message, { weighting_id: [message] });
}
