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
  surveys: { id: number; displayTitle: string; columns: ChoiceColumn[] }[];
  categories: { id: number; title: string; survey_id: number; options: { id: number; label: string }[] }[];
}
