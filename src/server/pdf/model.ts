import type { ChartSpec } from '../../shared/chart/types';

/**
 * What the PDF renderer draws: plain data, no database, no engine. The export service turns a
 * report's chart specs into this; suppressed groups arrive without numbers (only `suppressed`),
 * so the renderer cannot print them even by mistake.
 */
export interface PdfSeries {
  label: string;
  suppressed: boolean;
  /** One value per category; null = no value (e.g. n = 0). Empty when suppressed. */
  values: (number | null)[];
  /** Respondents behind the series (shown as n = …); null when suppressed or the chart's 'Toon n' (showN) is off. */
  n: number | null;
  /** Per value: differs significantly from another benchmark (written as ' *'). */
  marks?: boolean[];
  /** Per value: its label as every renderer writes it (decimals, 'Toon n', the mark; chart/format.ts valueText). */
  labels?: string[];
  /** Per value: the label without its count, for a column too narrow for the full one. */
  shortLabels?: string[];
}

export type PdfChart =
  | {
      type: 'bars';
      title: string;
      orientation: 'horizontal' | 'vertical';
      categories: string[];
      series: PdfSeries[];
      unit: string;
      decimals: number;
      /** The axis maximum the chart asks for (the 'max' option, a gauge's scale); else from the data. */
      max?: number | null;
      /** One series coloured per answer (the colour scheme over the categories, as on screen). */
      categoryColors?: string[];
      categoryPatterns?: (string | null)[];
    }
  | { type: 'stacked'; title: string; segments: string[]; rows: (PdfSeries & { label: string })[]; unit: string; decimals: number; full: boolean; max?: number | null }
  | { type: 'pie'; title: string; donut: boolean; categories: string[]; series: PdfSeries[]; decimals: number }
  | { type: 'lines'; title: string; area: boolean; periods: string[]; series: PdfSeries[]; unit: string; decimals: number }
  | { type: 'table'; title: string; columns: string[]; rows: { label: string; cells: (string | null)[] }[] }
  | { type: 'kpi'; title: string; items: { label: string; value: string | null; n: number | null }[] }
  | { type: 'message'; title: string; text: string }
  /** A map chart: its model as every renderer draws it (server paths, classes, states; no numbers of withheld areas). */
  | { type: 'map'; title: string; spec: ChartSpec };

/** Colours (and optional fill patterns, parallel) of a chart's series, segments or categories. */
export interface PdfPaint {
  colors: string[];
  /** 'Toon legenda' off → no legend (a single series never has one). */
  legend?: boolean;
  /** 'Toon waarden' off → no numbers on bars, columns and segments. */
  values?: boolean;
  patterns?: (string | null)[];
  /** Cell-key mode: n reads 'n = ca. 123' and a table gets the note 'Aantallen zijn licht afgerond …'. */
  approximate?: boolean;
}

export interface PdfBlock {
  kind: 'chart' | 'text' | 'widget';
  /** A section widget (response counter, period, min_n notice, contact): its heading and lines. */
  widget?: { title: string; lines: string[] };
  /** `note`: a line under the chart (the margin of error note when the chart asks for it). */
  /** `alt`: the chart in words, its alternative text for screen readers (the tagged PDF's Figure). */
  chart?: PdfChart & PdfPaint & { note?: string | null; alt?: string };
  /** Plain text paragraphs (markdown already flattened). */
  text?: string;
}

export interface PdfSection {
  title: string;
  blocks: PdfBlock[];
}

export interface PdfTheme {
  /** Cover band and headings. */
  primary: string;
  accent: string;
  /** Dark cover (theme isDark). */
  dark: boolean;
  font: 'Helvetica' | 'TimesRoman';
}

export interface PdfReport {
  title: string;
  project: string;
  company: string;
  period: string;
  /** Which responses count: completed only, or with unfinished ones. */
  responses: string;
  /** 'Gewogen naar …' when every chart with numbers is weighted, 'Deels gewogen …' when some are (weighting-note.ts). */
  weighting?: string | null;
  generatedOn: string;
  /** When it is made (the Info dictionary's and the XMP's dates); now when not given. */
  createdAt?: Date;
  minN: number;
  /** Cell-key mode: the honest label 'Aantallen zijn licht afgerond …' on the cover; null otherwise. */
  protectionNotice?: string | null;
  benchmarks: { label: string; description: string }[];
  sections: PdfSection[];
  theme: PdfTheme;
}
