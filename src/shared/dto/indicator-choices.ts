import type { IndicatorMetricKey } from '../lookups/indicators';

/** A question an indicator can watch, with the metrics it can be watched with. */
export interface ChoiceColumn {
  key: string;
  label: string;
  /** The metrics this question can be watched with. */
  metrics: IndicatorMetricKey[];
  answers: { code: string; label: string }[];
}

/** What the indicator form offers for a project (services/indicators/list-indicator-choices.ts). */
export interface IndicatorChoices {
  /** `schemes`: the survey's weighting schemes (issue 31), with their range (ISO dates, null = open). */
  surveys: { id: number; displayTitle: string; columns: ChoiceColumn[]; schemes: { id: number; name: string; start_date: string | null; end_date: string | null }[] }[];
  categories: { id: number; title: string; survey_id: number; options: { id: number; label: string }[] }[];
}
