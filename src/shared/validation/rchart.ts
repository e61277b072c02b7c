import './zod-nl';
import { z } from 'zod';
import { ReportDataBody } from './report-data';
import { messages } from './messages';

/** Dutch texts of the R chart form and data call. */
export const rchartNl = {
  analysis: 'Kies een analyse: kruistabel, gemiddelde per groep, trend of top en bodem',
  question: 'Kies een vraag',
  survey: 'Kies een onderzoek',
  measure: 'Kies percentage of gemiddelde',
  option: 'Kies het antwoord waarvan het percentage getoond wordt',
  granularity: 'Kies maand, kwartaal of jaar',
  direction: 'Kies meest of minst gekozen',
  limit: 'Kies een aantal van 1 tot en met 20',
  sameQuestion: 'Kies voor de uitsplitsing een andere vraag',
  notRChart: 'Deze grafiek is geen R-grafiek',
  notConfigured: 'Deze R-grafiek is nog niet ingesteld',
  unknownQuestion: (key: string) => `De vraag '${key}' bestaat niet (meer) in dit onderzoek`,
  wrongKind: (label: string) => `Deze vraag past niet bij '${label}'`,
  noScores: 'Deze vraag heeft geen scores; kies een vraag met scores of getallen',
  unknownOption: 'Dit antwoord hoort niet bij de gekozen vraag',
  surveyNotLinked: 'Dit onderzoek hoort niet bij het project van deze rapportage',
  editOnly: 'Alleen wie rapportages mag bewerken kan een niet-opgeslagen R-grafiek berekenen',
} as const;

const key = z.string({ error: rchartNl.question }).trim().min(1, rchartNl.question).max(191, messages.maxLength(191));
const surveyId = z.number({ error: rchartNl.survey }).int(rchartNl.survey).min(1, rchartNl.survey);
const base = { survey_id: surveyId, question: key };

/** report_charts.options.rchart: the values of RCHART_FORM (src/shared/rchart.ts). */
export const RChartValues = z
  .discriminatedUnion(
    'analysis',
    [
      z.object({ analysis: z.literal('crosstab'), ...base, by: key }),
      z.object({ analysis: z.literal('mean-by-group'), ...base, by: key }),
      z.object({
        analysis: z.literal('trend'),
        ...base,
        measure: z.enum(['percentage', 'mean'], { error: rchartNl.measure }),
        option: z.string({ error: rchartNl.option }).trim().min(1, rchartNl.option).max(191, messages.maxLength(191)).optional(),
        granularity: z.enum(['month', 'quarter', 'year'], { error: rchartNl.granularity }),
      }),
      z.object({
        analysis: z.literal('top-bottom'),
        ...base,
        direction: z.enum(['top', 'bottom'], { error: rchartNl.direction }),
        limit: z.number({ error: rchartNl.limit }).int(rchartNl.limit).min(1, rchartNl.limit).max(20, rchartNl.limit),
      }),
    ],
    { error: rchartNl.analysis },
  )
  .superRefine((v, ctx) => {
    if ((v.analysis === 'crosstab' || v.analysis === 'mean-by-group') && v.by === v.question) ctx.addIssue({ code: 'custom', path: ['by'], message: rchartNl.sameQuestion });
    if (v.analysis === 'trend' && v.measure === 'percentage' && !v.option) ctx.addIssue({ code: 'custom', path: ['option'], message: rchartNl.option });
  });
export type RChartValuesInput = z.infer<typeof RChartValues>;

/** The data call's body (benchmarks …) plus, for previews in the chart editor, unsaved form values. */
export const RChartDataBody = ReportDataBody.extend({ rchart: z.unknown().optional() });
export type RChartDataBody = z.infer<typeof RChartDataBody>;

/** GET rchartOptions?survey={id}: with a survey, also its questions with kinds and answers. */
export const RChartOptionsQuery = z.object({ survey: z.coerce.number({ error: rchartNl.survey }).int(rchartNl.survey).min(1, rchartNl.survey).optional() });
