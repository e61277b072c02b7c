import type { ColumnKind } from './cube';
import type { Granularity } from './days';

/**
 * N behind the percentages, chosen per data location (spec 001 §4):
 * - respondents: respondents in the group who answered the question (default, every kind);
 * - answers: total answers given (multiple choice only; percentages add up to 100);
 * - total: every respondent of the group, answered or not (every kind; legacy "respondents in the study").
 * nMethodsFor (aggregate.ts) lists what applies to a kind; the API refuses the rest.
 */
export type NMethod = 'respondents' | 'answers' | 'total';

/** What a chart's data location asks for (the reports issue maps its rows to this). */
export interface DataLocationSpec {
  id: number | string;
  /** Cube column: a question, subquestion or respondent attribute. */
  columnKey: string;
  nMethod?: NMethod;
  /** k of top-k / bottom-k box (default 2). */
  boxSize?: number;
  /** Compute NPS (0–10 scale; promoters 9–10, detractors 0–6). */
  nps?: boolean;
}

/** One answer option of a data location (single, multiple choice or short-text value). */
export interface OptionStat {
  code: string;
  /** Respondents in the group who chose it ("n per option"). */
  count: number;
  /** count / base · 100; null when base is 0. */
  percentage: number | null;
  /**
   * Margin of error of `percentage` in percentage points at its own share p = count / base
   * (margin-of-error.ts, the survey's confidence level and population size); null when base is 0.
   */
  marginOfError: number | null;
  /** Σ weights of the respondents who chose it; only with a weighting scheme (percentage is then weightedCount / weightedBase). */
  weightedCount?: number;
  /** count is 0: the client may hide the option (spec 000 §1, n=0). */
  empty: boolean;
  /** 0 < count < min_n: the client may block or mark the option (low n). */
  low: boolean;
}

/** Numbers of one (unsuppressed) group for one data location. */
export interface Stats {
  /** Respondents in the group (benchmark or time bucket). */
  groupSize: number;
  /** Respondents in the group who answered the question. */
  answered: number;
  /** Answers given (multiple choice: options chosen; otherwise = answered). */
  answers: number;
  /** The N behind the percentages, by the data location's N method. */
  base: number;
  nMethod: NMethod;
  /** With a weighting scheme: Σ weights of the base's respondents (the N behind the weighted percentages). */
  weightedBase?: number;
  /** With a weighting scheme: Kish's effective n of the base, (Σw)²/Σw²; the margins of error use it. */
  effectiveN?: number;
  /** Per option in option order; empty for numeric questions. */
  options: OptionStat[];
  /** Answers with a score (single choice: options with a score; numeric: every answer). */
  scored: number;
  /** Mean score or value over `scored`; null when none. */
  mean: number | null;
  /** % of scored answers in the k highest / lowest distinct scores (single choice only). */
  topBox: number | null;
  bottomBox: number | null;
  /** % promoters (9–10) − % detractors (0–6) among scored answers within 0–10; null unless asked. */
  nps: number | null;
  /** Worst-case (p = 0.5) margin of error in percentage points at n = base. */
  marginOfError: number | null;
  /** Sample standard deviation of the scores or values (n − 1); null below 2 scored answers. */
  sd?: number | null;
  /** Margin of error of `mean` (half the confidence interval, in the mean's unit); null below 2 scored answers. */
  meanMarginOfError?: number | null;
}

/**
 * Why a group shows no numbers: its size, the number who answered the question, or a
 * differencing risk with another released or obtainable group (see suppression.ts).
 */
export type SuppressionReason = 'group_below_min_n' | 'answered_below_min_n' | 'differencing';

export type GroupResult = { suppressed: false; stats: Stats } | { suppressed: true; reason: SuppressionReason };

/** One time bucket (calendar period) of a benchmark. Days are inclusive. */
export type BucketResult = { period: number; startDay: number; endDay: number } & GroupResult;

/** One benchmark of one data location. */
export type BenchmarkCell = { label: string; buckets?: BucketResult[] } & GroupResult;

/** Chart data of one data location with every benchmark side by side (same order as the request). */
export interface DataLocationResult {
  id: number | string;
  columnKey: string;
  kind: ColumnKind;
  /** Option codes shared by every benchmark cell (cells list the same codes in the same order). */
  codes: string[];
  /**
   * The trend granularity the buckets use: the requested one, or the report's date granularity
   * when the requested one is finer or does not align with it (dates.ts). Absent without buckets.
   */
  granularity?: Granularity;
  benchmarks: BenchmarkCell[];
}

/** Resolved benchmark (dates after defaults) echoed back to the client. */
export interface BenchmarkInfo {
  label: string;
  startDay: number;
  endDay: number;
}

export interface ReportData {
  benchmarks: BenchmarkInfo[];
  /** The range a benchmark without dates covers (the report period, snapped when the date filter is on). */
  period: { startDay: number; endDay: number };
  dataLocations: DataLocationResult[];
}
