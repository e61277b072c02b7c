import type { DrawnArea, MapDrawing } from '../maps';

/**
 * The chart model shared by the server SVG renderer, the uPlot island and the PDF export. Plain
 * JSON only (it crosses the island boundary and may be cached). Everything is a matrix of
 * `categories` × `series`: a number per cell or null. Suppressed groups never carry numbers —
 * their cells are null and `suppressed` holds the Dutch explanation instead.
 */

export type ChartKind =
  | 'bar'
  | 'column'
  | 'stacked-bar'
  | 'stacked-bar-100'
  | 'pie'
  | 'donut'
  | 'line'
  | 'area'
  | 'table'
  | 'kpi'
  | 'gauge'
  | 'wordcloud'
  | 'open-answers'
  | 'net-promoter'
  | 'map';

export type ValueFormat = 'percentage' | 'count' | 'percentage-count' | 'mean' | 'grade' | 'median';

export type PatternKey = 'solid' | 'diagonal' | 'diagonal-reverse' | 'horizontal' | 'vertical' | 'dots' | 'cross' | 'zigzag';

/** One colour slot: fill, the readable text colour on it (spec 001 §9) and an optional pattern. */
export interface Paint {
  color: string;
  textColor: '#ffffff' | '#000000';
  pattern: PatternKey | null;
}

export interface SpecCategory extends Partial<Paint> {
  key: string;
  label: string;
  /** Stacked charts: this bar's benchmark is suppressed (Dutch text); its cells are null. */
  suppressed?: string | null;
}

export interface SpecSeries extends Paint {
  key: string;
  label: string;
  /** One per category; null = no value (suppressed, empty bucket, unknown). */
  values: (number | null)[];
  /** Respondents per category ("n per option"); null when not applicable or suppressed. */
  counts: (number | null)[] | null;
  /** The N behind this series (base of the percentages); null when suppressed or mixed. */
  n: number | null;
  /** Dutch explanation when the whole series is suppressed; then every value/count is null. */
  suppressed: string | null;
  /**
   * Margin of error per value (± in the value's unit: percentage points for percentages, the
   * mean's unit for means), from the data answer (the survey's confidence level and population
   * size); null where none applies (counts, suppressed). Parallel to `values`.
   */
  margins?: (number | null)[] | null;
}

/** Net Promoter parts of one series (percentages of scored answers). */
export interface NpsParts {
  promoters: number;
  passives: number;
  detractors: number;
}

export interface ChartSpec {
  id: number;
  /** The drawable kind (map → table, R chart → column). */
  kind: ChartKind;
  /** The configured chart type key (lookups CHART_TYPES). */
  typeKey: string;
  title: string;
  format: ValueFormat;
  /** '%' for percentages (and NPS-like scores shown with %), '' otherwise. */
  unit: '%' | '';
  decimals: number;
  /** Axis range; max null = from the data. */
  range: { min: number; max: number | null };
  /** Titles of the category and value axes, where the chart needs them to be read (the Zorgkaart distribution). */
  axisTitles?: { category: string; value: string };
  /** Whether categories are calendar periods (trend chart). */
  timeAxis: boolean;
  /** Colours sit on the categories (pie, single-series scale) or on the series. */
  colorBy: 'category' | 'series';
  categories: SpecCategory[];
  series: SpecSeries[];
  /** Show n per option / per series. */
  showN: boolean;
  /** 'Toon legenda': false = no legend anywhere (a single series never gets one: see legendKind). */
  showLegend?: boolean;
  /** 'Toon waarden': numbers on bars, columns, segments and points. */
  showValues?: boolean;
  usePatterns: boolean;
  /** net-promoter only: parts per series (null when suppressed). */
  nps?: (NpsParts | null)[];
  /** Dutch notes under the chart (suppressed benchmarks with their reason, fallbacks, the margin note). */
  notes: string[];
  /** The chart option showMarginOfError: margins in the hover and a note under the chart. */
  showMarginOfError?: boolean;
  /** 'Foutmarge (95% betrouwbaarheid): A ± 2,6 …' when showMarginOfError and a margin applies; else null. */
  marginNote?: string | null;
  /** Question text(s) of the data locations, for captions and screen readers. */
  questions: string[];
  minN: number | null;
  /**
   * Per series, per category: true where this benchmark differs from at least one other benchmark
   * by more than their combined margin of error (√(mA² + mB²), the survey's confidence level).
   * Only between released cells with margins; never for suppressed groups. Absent when nothing is compared.
   */
  significant?: boolean[][] | null;
  /** Per series, per category: the indexes of the benchmarks this cell differs from significantly (pairwise). */
  significantWith?: number[][][] | null;
  /** Dutch note naming the significantly different pairs ('* Significant verschil (95% betrouwbaarheid): A en B (Zwerfafval)'). */
  significanceNote?: string | null;
  /** Dutch sentence when the chart type can't show these data (then nothing is drawn). */
  unfit?: string | null;
  /** Map charts: the server's drawing with a value, state and colour per area and benchmark (chart/map.ts). */
  map?: MapSpec | null;
  /**
   * Cell-key mode (report setting protection, docs/perturbation.md): counts carry a small fixed
   * noise, so every renderer writes them as 'ca. 123' (formatCount) and tables carry the note
   * 'Aantallen zijn licht afgerond …'.
   */
  approximate?: boolean;
}

/** Per benchmark, how an area is shown: a value, withheld by the small-group rules (hatched), or no respondents (grey). */
export type MapAreaState = 'value' | 'withheld' | 'empty';

/** An area as the server drew it (SVG path in the drawing's coordinates, label anchor; no geo library in the browser) with its numbers. */
export interface MapSpecArea extends DrawnArea {
  /** Per series (benchmark): state, value, n, margin and fill colour (null unless state is 'value'). */
  states: MapAreaState[];
  values: (number | null)[];
  counts: (number | null)[];
  margins: (number | null)[];
  colors: (string | null)[];
}

export interface MapSpec {
  width: number;
  height: number;
  areas: MapSpecArea[];
  /** Legend classes over released values only: [from, to] and the class colour, low to high. */
  classes: { from: number; to: number; color: string }[];
  method: 'equal' | 'quantile';
  /** Answers the chart's question has that are on no area of the map (labels). */
  unmatched: string[];
}

/** What the data endpoint adds to a map chart's data location: per area of the map, one group per benchmark. */
export interface MapAnswer {
  drawing: MapDrawing;
  /** Areas with at least one answer mapped to them; the others have no respondents. Cells parallel to the benchmarks. */
  areas: { code: string; benchmarks: GroupAnswer[] }[];
  unmatched: string[];
  classMethod: 'equal' | 'quantile';
  classCount: number;
  /** Percentages: the answer whose share is shown (null: the top box). */
  answerCode: string | null;
}

/** A chart as the reports API returns it (snake_case) or as a row (camelCase). */
export interface ChartConfig {
  id: number;
  title: string;
  chartTypeId?: number;
  chart_type_id?: number;
  dataFormatId?: number | null;
  data_format_id?: number | null;
  sortingOptionId?: number | null;
  sorting_option_id?: number | null;
  colorSchemeId?: number | null;
  color_scheme_id?: number | null;
  patternId?: number | null;
  pattern_id?: number | null;
  granularityId?: number | null;
  granularity_id?: number | null;
  kpiId?: number | null;
  kpi_id?: number | null;
  /** Known keys: showN, showLegend, showValues, usePatterns, hideEmpty, showMarginOfError, decimals, max (axis maximum), stacked, maxCategories, reverseColors. */
  options?: Record<string, unknown> | null;
  /** Per-chart settings rows (GET …?include=sections.charts.chartOptions); they override `options`. */
  chartOptions?: { key: string; value: unknown }[] | null;
}

/** Numbers of one released group, as the data endpoint sends them. */
export interface StatsAnswer {
  groupSize: number;
  answered: number;
  answers: number;
  base: number;
  /** Per option; marginOfError at the option's own share (percentage points). */
  options: { code: string; count: number; percentage: number | null; marginOfError?: number | null; empty: boolean; low: boolean }[];
  scored: number;
  mean: number | null;
  topBox: number | null;
  bottomBox: number | null;
  nps: number | null;
  /** Worst case (p = 0.5) in percentage points at n = base. */
  marginOfError?: number | null;
  /** Of the mean, in the mean's unit. */
  meanMarginOfError?: number | null;
}

export type GroupAnswer = { suppressed: false; stats: StatsAnswer } | { suppressed: true; reason: string };
export type BucketAnswer = { period: number; startDay: number; endDay: number } & GroupAnswer;
export type CellAnswer = { label: string; buckets?: BucketAnswer[] } & GroupAnswer;

/** One entry of the data endpoint's `data.dataLocations[]`. */
export interface DataLocationAnswer {
  id: number | string;
  columnKey: string;
  kind: 'single' | 'multi' | 'numeric' | 'text';
  codes: string[];
  benchmarks: CellAnswer[];
  chartId?: number;
  label?: string | null;
  /** Question text in the data language (the parent question of a subquestion column). */
  question?: string;
  /** Subquestion text when the column is one row of an array question. */
  subquestion?: string | null;
  /** Option labels parallel to `codes` ('Overig' for other). */
  labels?: string[];
  /** The trend granularity the buckets really use (the report's date granularity when the chart's is finer). */
  granularity?: 'day' | 'week' | 'month' | 'quarter' | 'year';
  /** The survey's confidence level behind every margin of this data location (90, 95 or 99). */
  confidenceLevel?: number;
  /** Map charts: the drawing and the groups per area. */
  map?: MapAnswer | null;
  /** Its numbers follow the report's weighting scheme (its survey is the scheme's): its chart says 'Gewogen naar …'. */
  weighted?: boolean;
}

export interface BuildOptions {
  usePatterns?: boolean;
  lang?: string;
  /** The report's min_n, for the suppression text. */
  minN?: number | null;
  /** Granularity id of the data call when the chart has none of its own. */
  granularityId?: number;
  /** 'Gewogen naar …' (the report's weighting scheme): the note under a chart whose data locations are `weighted` (weighting-note.ts). */
  weightedBy?: string | null;
  /** The report's protection mode: `cellkey` makes the spec `approximate`. */
  protection?: 'suppress' | 'cellkey' | null;
}
