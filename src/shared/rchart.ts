/**
 * R charts "created by a form without R code" (release notes, spec 000 §1): a chart of type
 * `rchart` (lookup id 16) stores the values of this form in `report_charts.options.rchart`; the
 * engine computes the analysis with min_n suppression (POST data/…/section/{sid}/rchart/{cid}).
 * Isomorphic: the chart editor builds the form from RCHART_FORM (GET rchartOptions), the server
 * validates with src/shared/validation/rchart.ts.
 */

export const RCHART_ANALYSES = ['crosstab', 'mean-by-group', 'trend', 'top-bottom'] as const;
export type RChartAnalysis = (typeof RCHART_ANALYSES)[number];

/**
 * What a question field accepts, by the cube's column kinds: `single` (one answer from a list),
 * `scored` (single choice whose options carry scores), `multi` (multiple choice), `numeric`,
 * `text` (short text).
 */
export type RChartQuestionKind = 'single' | 'scored' | 'multi' | 'numeric' | 'text';

export interface RChartChoice {
  value: string;
  label: string;
}

export interface RChartField {
  key: string;
  label: string;
  help?: string;
  /**
   * survey: one of the report project's surveys (id); question: a column key of that survey, limited
   * to `kinds`; option: an answer code of the question named by `of`; select: one of `choices`;
   * number: a whole number between min and max.
   */
  type: 'survey' | 'question' | 'option' | 'select' | 'number';
  required: boolean;
  kinds?: RChartQuestionKind[];
  of?: string;
  choices?: RChartChoice[];
  min?: number;
  max?: number;
  default?: string | number;
  /** Show (and require) the field only when another field has this value. */
  showWhen?: { field: string; equals: string };
}

export interface RChartAnalysisDef {
  key: RChartAnalysis;
  label: string;
  description: string;
  fields: RChartField[];
}

const survey: RChartField = { key: 'survey_id', label: 'Onderzoek', type: 'survey', required: true };
const granularities: RChartChoice[] = [
  { value: 'month', label: 'Maand' },
  { value: 'quarter', label: 'Kwartaal' },
  { value: 'year', label: 'Jaar' },
];

/** The form (GET rchartOptions → `data.analyses`), in the order the editor offers the analyses. */
export const RCHART_FORM: { version: 1; analyses: RChartAnalysisDef[] } = {
  version: 1,
  analyses: [
    {
      key: 'crosstab',
      label: 'Kruistabel',
      description: 'De antwoorden op een vraag uitgesplitst naar een achtergrondvraag: per groep het percentage per antwoord.',
      fields: [
        survey,
        { key: 'question', label: 'Vraag', type: 'question', required: true, kinds: ['single', 'scored', 'multi'] },
        { key: 'by', label: 'Uitsplitsen naar', help: 'Bijvoorbeeld leeftijdsgroep of wijk.', type: 'question', required: true, kinds: ['single', 'scored'] },
      ],
    },
    {
      key: 'mean-by-group',
      label: 'Gemiddelde per groep',
      description: 'Het gemiddelde (score of getal) per antwoord van een groeperende vraag, met foutmarge.',
      fields: [
        survey,
        { key: 'question', label: 'Vraag met score of getal', type: 'question', required: true, kinds: ['scored', 'numeric'] },
        { key: 'by', label: 'Groeperen naar', type: 'question', required: true, kinds: ['single', 'scored'] },
      ],
    },
    {
      key: 'trend',
      label: 'Trend',
      description: 'Het gemiddelde of het percentage van één antwoord per maand, kwartaal of jaar.',
      fields: [
        survey,
        { key: 'question', label: 'Vraag', type: 'question', required: true, kinds: ['single', 'scored', 'multi', 'numeric'] },
        {
          key: 'measure',
          label: 'Maat',
          type: 'select',
          required: true,
          default: 'percentage',
          choices: [
            { value: 'percentage', label: 'Percentage van een antwoord' },
            { value: 'mean', label: 'Gemiddelde' },
          ],
        },
        { key: 'option', label: 'Antwoord', type: 'option', of: 'question', required: true, showWhen: { field: 'measure', equals: 'percentage' } },
        { key: 'granularity', label: 'Periode', type: 'select', required: true, default: 'month', choices: granularities },
      ],
    },
    {
      key: 'top-bottom',
      label: 'Top en bodem',
      description: 'De meest (of minst) gekozen antwoorden, gerangschikt.',
      fields: [
        survey,
        { key: 'question', label: 'Vraag', type: 'question', required: true, kinds: ['single', 'scored', 'multi', 'text'] },
        {
          key: 'direction',
          label: 'Richting',
          type: 'select',
          required: true,
          default: 'top',
          choices: [
            { value: 'top', label: 'Meest gekozen' },
            { value: 'bottom', label: 'Minst gekozen' },
          ],
        },
        { key: 'limit', label: 'Aantal antwoorden', type: 'number', required: true, min: 1, max: 20, default: 5 },
      ],
    },
  ],
};

/** The form values as stored in report_charts.options.rchart (validated by RChartValues). */
export type RChartValues =
  | { analysis: 'crosstab'; survey_id: number; question: string; by: string }
  | { analysis: 'mean-by-group'; survey_id: number; question: string; by: string }
  | { analysis: 'trend'; survey_id: number; question: string; measure: 'percentage' | 'mean'; option?: string; granularity: 'month' | 'quarter' | 'year' }
  | { analysis: 'top-bottom'; survey_id: number; question: string; direction: 'top' | 'bottom'; limit: number };

/** A column of the result tables: answer codes (crosstab) or a measure. */
export interface RChartColumn {
  key: string;
  label: string;
  /** What the column's values are. */
  unit: 'percentage' | 'mean' | 'marginOfError' | 'count';
}

/**
 * One row: a group (crosstab, mean-by-group: "Totaal" and each answer of the grouping question;
 * trend: a period) or an answer (top-bottom). `values` parallel `columns`; all null when suppressed.
 */
export interface RChartRow {
  key: string;
  label: string;
  /** Respondents behind the row's values (its base); null when suppressed. */
  n: number | null;
  /** Fewer than min_n respondents (or a differencing risk): no numbers at all. */
  suppressed: boolean;
  values: (number | null)[];
}

/** The analysis for one benchmark. A suppressed benchmark has no rows. */
export interface RChartTable {
  label: string;
  start: string | null;
  end: string | null;
  suppressed: boolean;
  rows: RChartRow[];
}

/** Answer of POST data/{version}/{lang}/report/{id}/section/{sid}/rchart/{cid}. */
export interface RChartResult {
  kind: RChartAnalysis;
  chartId: number;
  /** Question text (and the grouping question's, crosstab / mean-by-group). */
  question: string;
  by: string | null;
  columns: RChartColumn[];
  benchmarks: RChartTable[];
  minN: number;
  /** The report's weighting scheme ('Gewogen naar …' in `label`), null when unweighted. */
  weighting: { id: number; name: string; label: string } | null;
}

/** Code and label of the bucket of rare short-text answers (analytics/short-text.ts). */
export const RCHART_OTHER = { code: '__other__', label: 'Overig' } as const;
export const RCHART_TOTAL = { key: '__total__', label: 'Totaal' } as const;
