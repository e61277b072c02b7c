export interface ProviderView {
  id: number;
  agb_code: string;
  name: string;
  type: string;
  place: string;
  region: string;
}

export interface IntervalView {
  n: number;
  mean: number;
  low: number | null;
  high: number | null;
}

export interface ResultView {
  provider: ProviderView;
  ranked: boolean;
  n: number | null;
  overall: IntervalView | null;
  aspects: Record<string, IntervalView | null> | null;
  recommend: { n: number; pct: number; low: number; high: number } | null;
  distribution: number[] | null;
  type_mean: number | null;
  bayes: number | null;
  rank_in_type: number | null;
  rank_in_region: number | null;
}

export interface RatingJobView {
  id: number;
  name: string;
  file_name: string;
  min_n: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error?: string | null;
  rating_count: number;
  provider_count: number;
  created_at: string;
}

export interface RatingJobDetailView extends RatingJobView {
  results: ResultView[];
  distribution: number[];
}

/** GET ratingJob/surveys: a survey with, per question column, the rating fields it may feed. */
export interface RatingSurveyView {
  id: number;
  title: string;
  columns: { key: string; label: string; fields: string[] }[];
}
