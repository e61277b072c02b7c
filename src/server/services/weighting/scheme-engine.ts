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

/** The Dutch sentence for an engine refusal of a scheme; `nameOf` names a variable by its column key (variable-names.ts: never a panel field's internal key). */
export function weightingMessage(err: WeightingError | AnalyticsError, nameOf: (key: string) => string = (key) => key): string {
  const e = weightingNl.errors;
  if (err instanceof AnalyticsError) return e.unknownColumn(nameOf(err.message.replace(/^unknown cube column /, '')));
  const i = err.issue;
  // A crossed post-stratification variable 'a|b' by both names.
  const v = 'variable' in i ? i.variable.split('|').map(nameOf).join(' × ') : '';
  switch (i.code) {
    case 'EMPTY_CELL':
      return e.emptyCell(v, i.codes);
    case 'MISSING_TARGETS':
      return e.missingTargets(v, i.codes);
    case 'ZERO_TARGET':
      return e.zeroTarget(v, i.codes);
    case 'TOTALS_DIFFER':
      return e.totalsDiffer(v, i.total, i.expected);
    case 'SHARES_TOTAL':
      return e.sharesTotal(v, i.total);
    case 'NOT_SINGLE_CHOICE':
      return e.notSingleChoice(v);
    case 'BAD_METHOD':
      return e.badMethod;
    case 'BAD_TRIM':
      return e.badTrim;
    case 'NO_UNIVERSE':
      return e.noUniverse;
    case 'NO_CONVERGENCE':
      return e.noConvergence(v, i.iterations, i.deviation);
  }
}

/** The API field a refusal belongs to (for the 422's `errors`). */
export function weightingField(err: WeightingError | AnalyticsError): string {
  if (err instanceof AnalyticsError) return 'variables';
  const code = err.issue.code;
  return code === 'BAD_TRIM' ? 'trim' : code === 'NO_CONVERGENCE' ? 'max_iterations' : code === 'NO_UNIVERSE' ? 'start_date' : 'variables';
}

/** A refusal as the 422 the API answers. */
export function weightingAppError(err: WeightingError | AnalyticsError, nameOf?: (key: string) => string): AppError {
  const message = weightingMessage(err, nameOf);
  return new AppError('VALIDATION', message, { [weightingField(err)]: [message] });
}
