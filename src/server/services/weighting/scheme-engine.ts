import { AnalyticsError, type WeightingScheme, WeightingError, dayFromIso } from '../../analytics';
import type { weightingSchemes } from '../../db/schema';
import { AppError } from '../../errors';
import { weightingNl } from '../../../shared/i18n/weighting';

export type SchemeRow = typeof weightingSchemes.$inferSelect;

/** A stored scheme as the engine takes it. */
export function engineScheme(s: Pick<SchemeRow, 'method' | 'variables' | 'cellTargets' | 'targetsAre' | 'trimLower' | 'trimUpper' | 'maxIterations' | 'tolerance' | 'startDate' | 'endDate'>): WeightingScheme {
  return {
    method: s.method,
    variables: s.variables.map((v) => ({ columnKey: v.column_key, targets: v.targets })),
    cellTargets: s.cellTargets ?? null,
    targetsAre: s.targetsAre,
    trim: s.trimLower !== null && s.trimUpper !== null ? { lower: s.trimLower, upper: s.trimUpper } : null,
    maxIterations: s.maxIterations,
    tolerance: s.tolerance,
    startDay: s.startDate ? dayFromIso(s.startDate) : null,
    endDay: s.endDate ? dayFromIso(s.endDate) : null,
  };
}

/** The Dutch sentence for an engine refusal of a scheme. */
export function weightingMessage(err: WeightingError | AnalyticsError): string {
  const e = weightingNl.errors;
  if (err instanceof AnalyticsError) return e.unknownColumn(err.message.replace(/^unknown cube column /, ''));
  const i = err.issue;
  switch (i.code) {
    case 'EMPTY_CELL':
      return e.emptyCell(i.variable, i.codes);
    case 'MISSING_TARGETS':
      return e.missingTargets(i.variable, i.codes);
    case 'ZERO_TARGET':
      return e.zeroTarget(i.variable, i.codes);
    case 'TOTALS_DIFFER':
      return e.totalsDiffer(i.variable, i.total, i.expected);
    case 'SHARES_TOTAL':
      return e.sharesTotal(i.variable, i.total);
    case 'NOT_SINGLE_CHOICE':
      return e.notSingleChoice(i.variable);
    case 'BAD_METHOD':
      return e.badMethod;
    case 'BAD_TRIM':
      return e.badTrim;
    case 'NO_UNIVERSE':
      return e.noUniverse;
    case 'NO_CONVERGENCE':
      return e.noConvergence(i.variable, i.iterations, i.deviation);
  }
}

/** The API field a refusal belongs to (for the 422's `errors`). */
export function weightingField(err: WeightingError | AnalyticsError): string {
  if (err instanceof AnalyticsError) return 'variables';
  const code = err.issue.code;
  return code === 'BAD_TRIM' ? 'trim' : code === 'NO_CONVERGENCE' ? 'max_iterations' : code === 'NO_UNIVERSE' ? 'start_date' : 'variables';
}

/** A refusal as the 422 the API answers. */
export function weightingAppError(err: WeightingError | AnalyticsError): AppError {
  const message = weightingMessage(err);
  return new AppError('VALIDATION', message, { [weightingField(err)]: [message] });
}
