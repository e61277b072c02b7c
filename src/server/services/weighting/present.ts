import type { weightingResults } from '../../db/schema';
import type { ColumnTexts } from '../report-data/column-texts';
import type { WeightingResultDto, WeightingSchemeDto } from '../../../shared/validation/weighting';
import type { SchemeRow } from './scheme-engine';
import { type VariableNames, variableLabel, variableName, weightedBy } from './variable-names';

type ResultRow = typeof weightingResults.$inferSelect;

/** current / stale ('verouderd': responses or the scheme changed since) / failed. */
export function statusOf(scheme: Pick<SchemeRow, 'updatedAt'>, result: ResultRow | null, responsesVersion: number): WeightingSchemeDto['status'] {
  if (!result || result.responsesVersion !== responsesVersion || result.schemeUpdatedAt.getTime() !== scheme.updatedAt.getTime()) return 'stale';
  return result.status === 'ok' ? 'current' : 'failed';
}

/** A scheme as the API and the weighting screen show it; `names` and `texts` name its variables (variable-names.ts), panel fields' answers too. */
export function presentScheme(scheme: SchemeRow, result: ResultRow | null, responsesVersion: number, texts: Map<string, ColumnTexts> | undefined, names: VariableNames): WeightingSchemeDto {
  const answerLabels = (key: string) => names.panel.get(key)?.labels ?? texts?.get(key)?.labels;
  const stats = result?.status === 'ok' ? (result.stats as Omit<WeightingResultDto, 'responses_version' | 'computed_at'> | null) : null;
  return {
    id: scheme.id,
    survey_id: scheme.surveyId,
    name: scheme.name,
    start_date: scheme.startDate,
    end_date: scheme.endDate,
    method: scheme.method,
    targets_are: scheme.targetsAre,
    variables: scheme.variables.map((v) => ({ column_key: v.column_key, name: variableName(v.column_key, names, texts), label: variableLabel(v.column_key, names, texts), targets: v.targets })),
    cell_targets: scheme.cellTargets ?? null,
    trim: scheme.trimLower !== null && scheme.trimUpper !== null ? { lower: scheme.trimLower, upper: scheme.trimUpper } : null,
    max_iterations: scheme.maxIterations,
    tolerance: scheme.tolerance,
    weighted_by: weightedBy(scheme, names, texts),
    status: statusOf(scheme, result, responsesVersion),
    error: result?.status === 'failed' ? result.error : null,
    result: stats
      ? {
          ...stats,
          variables: stats.variables.map((v) => {
            // A crossed post-stratification variable 'a|b' has codes 'x|y': labels per part.
            const keys = v.column_key.split('|');
            const labelOf = (code: string) => code.split('|').map((c, i) => answerLabels(keys[i] ?? '')?.get(c) ?? c).join(' × ');
            return { ...v, categories: v.categories.map((c) => ({ ...c, label: labelOf(c.code) })) };
          }),
          responses_version: result!.responsesVersion,
          computed_at: result!.computedAt.toISOString(),
        }
      : null,
    updated_at: scheme.updatedAt.toISOString(),
  };
}
