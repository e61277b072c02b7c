/** Weighting schemes (issue 31, ARCHITECTURE §8.1): the engine's input and output. Pure data. */

export type WeightingMethod = 'rake' | 'poststratify';
export type TargetsAre = 'counts' | 'shares';

/** One weighting variable over the universe's rows. */
export interface WeightingVariable {
  /** Cube column key (a single-choice question or attribute). */
  key: string;
  /** The variable's answer codes in option order. */
  codes: string[];
  /** Per universe row: 1-based index into `codes`, 0 = no answer. */
  values: ArrayLike<number>;
  /** Target per answer code (a population count or a share). Unused for a two-variable post-stratification. */
  targets: Record<string, number>;
}

export interface WeightingProblem {
  method: WeightingMethod;
  /** rake: one or more; poststratify: one, or two (their cross, targets in `cellTargets`). */
  variables: WeightingVariable[];
  /** Two-variable post-stratification: target per cell, keyed `<code of the first>|<code of the second>`. */
  cellTargets?: Record<string, number>;
  targetsAre: TargetsAre;
  /** Weights kept within these multiples of the mean weight. */
  trim?: { lower: number; upper: number } | null;
  /** Raking sweeps at most (default 100). */
  maxIterations?: number;
  /** Largest allowed difference between an achieved and a target share (default 1e-10). */
  tolerance?: number;
}

export interface CategoryResult {
  code: string;
  /** Respondents with this answer (people). */
  count: number;
  /** Target share among the variable's answered respondents. */
  target: number;
  /** Weighted share among the variable's answered respondents. */
  achieved: number;
  /** Unweighted share among the variable's answered respondents. */
  unweighted: number;
}

export interface VariableResult {
  key: string;
  /** Respondents of the universe without an answer on this variable. */
  missing: number;
  categories: CategoryResult[];
}

export interface WeightingStats {
  /** Rows of the universe. */
  n: number;
  /** Σ weights (the weights have mean 1, so this is n up to rounding). */
  sumOfWeights: number;
  /** Kish: (Σw)² / Σw². */
  effectiveN: number;
  /** n / effectiveN. */
  designEffect: number;
  /** effectiveN / n. */
  efficiency: number;
  minWeight: number;
  maxWeight: number;
  /** Raking sweeps over every variable (post-stratification: 1). */
  iterations: number;
  converged: boolean;
  /** Respondents without an answer on at least one weighting variable. */
  missing: number;
  /** Largest |achieved − target| share over every category. */
  maxDeviation: number;
  variables: VariableResult[];
}

export interface WeightingResult {
  /** One weight per universe row, mean 1. */
  weights: Float64Array;
  stats: WeightingStats;
}

/** Why a scheme cannot be computed; the service layer turns each into a Dutch 422. */
export type WeightingIssue =
  | { code: 'EMPTY_CELL'; variable: string; codes: string[] }
  | { code: 'MISSING_TARGETS'; variable: string; codes: string[] }
  | { code: 'ZERO_TARGET'; variable: string; codes: string[] }
  | { code: 'TOTALS_DIFFER'; variable: string; total: number; expected: number }
  | { code: 'SHARES_TOTAL'; variable: string; total: number }
  | { code: 'NOT_SINGLE_CHOICE'; variable: string }
  | { code: 'BAD_METHOD'; variables: number }
  | { code: 'BAD_TRIM' }
  | { code: 'NO_UNIVERSE' }
  | { code: 'NO_CONVERGENCE'; variable: string; deviation: number; iterations: number };

export class WeightingError extends Error {
  constructor(readonly issue: WeightingIssue) {
    super(`weighting: ${issue.code}`);
    this.name = 'WeightingError';
  }
}
