import { AnalyticsError, type BenchmarkInput, type Cube, computeRChart, dayFromIso, findOptions, isoFromDay, rchartKind } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { RCHART_FORM, RCHART_OTHER, RCHART_TOTAL, type RChartResult } from '../../../shared/rchart';
import { CHART_TYPES } from '../../../shared/lookups';
import { periodLabel } from '../../../shared/chart/periods';
import { reportDataNl } from '../../../shared/validation/report-data';
import { type RChartDataBody, RChartValues, type RChartValuesInput, rchartNl } from '../../../shared/validation/rchart';
import { loadCube } from '../analytics/load-cube';
import { loadFilterCatalog } from '../report-data/load-filter-catalog';
import { refuseOtherDates, reportScope } from '../report-data/report-rules';
import { findChart, requireReportRole } from '../reports/access';
import { requireLinkedSurvey } from '../reports/check-column';
import { columnLabels } from './labels';
import { combine, readOne } from '../../db/reads';
import { columnTextsRead } from '../report-data/column-texts';
import { presentWeighting, readerNames, schemeNamesRead, schemeRead, weightsFor } from '../report-data/report-weighting';

const RCHART_TYPE_ID = CHART_TYPES.find((t) => t.key === 'rchart')!.id;
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });
const day = (iso: string | null | undefined) => (iso ? dayFromIso(iso) : null);

/** The stored (or, for editors, previewed) form values, validated; field errors are keyed rchart.<field>. */
function formValues(ctx: UserServiceContext, stored: unknown, body: RChartDataBody): RChartValuesInput {
  if (body.rchart !== undefined && !hasRole(ctx.user, 'dashboard.edit')) throw new AppError('FORBIDDEN', rchartNl.editOnly);
  const raw = body.rchart ?? stored;
  if (raw === undefined || raw === null) throw invalid('rchart', rchartNl.notConfigured);
  const parsed = RChartValues.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[['rchart', ...issue.path].join('.')] ??= []).push(issue.message);
  throw new AppError('VALIDATION', nl.validation, errors);
}

/** Each question field must name a column of the survey of a kind the form allows (RCHART_FORM). */
function checkQuestions(cube: Cube, v: RChartValuesInput): void {
  const def = RCHART_FORM.analyses.find((a) => a.key === v.analysis)!;
  for (const field of def.fields.filter((f) => f.type === 'question')) {
    const key = (v as Record<string, unknown>)[field.key] as string;
    const col = cube.byKey.get(key);
    if (!col) throw invalid(`rchart.${field.key}`, rchartNl.unknownQuestion(key));
    if (!field.kinds!.includes(rchartKind(col))) throw invalid(`rchart.${field.key}`, field.kinds!.includes('scored') && rchartKind(col) === 'single' ? rchartNl.noScores : rchartNl.wrongKind(field.label));
  }
  if (v.analysis === 'trend' && v.measure === 'mean' && !['scored', 'numeric'].includes(rchartKind(cube.byKey.get(v.question)!))) throw invalid('rchart.question', rchartNl.noScores);
  if (v.analysis === 'trend' && v.measure === 'percentage') {
    const col = cube.byKey.get(v.question)!;
    if (!((col.kind === 'single' || col.kind === 'multi') && col.codes.includes(v.option!))) throw invalid('rchart.option', rchartNl.unknownOption);
  }
}

/**
 * POST data/{version}/{lang}/report/{id}/section/{sid}/rchart/{cid}: the R chart's analysis for the
 * benchmarks of the body (same rules as the report data call: report defaults, benchmark_count,
 * only the report's filter options, multiple_filters), every cell under min_n suppression.
 */
export async function computeRChartFor(ctx: UserServiceContext, ids: { reportId: number; sectionId: number; chartId: number }, lang: string, body: RChartDataBody): Promise<RChartResult> {
  requireReportRole(ctx.user, 'dashboard.view');
  const { report, section, chart } = await findChart(ctx, ids.chartId);
  if (report.id !== ids.reportId || section.id !== ids.sectionId) throw new AppError('NOT_FOUND', nl.notFound);
  if (!report.languages.split(',').map((l) => l.trim()).includes(lang)) throw new AppError('NOT_FOUND', nl.notFound);
  if (chart.chartTypeId !== RCHART_TYPE_ID) throw invalid('chart', rchartNl.notRChart);
  const v = formValues(ctx, (chart.options as Record<string, unknown>).rchart, body);
  if (body.benchmarks.length > report.benchmarkCount) throw invalid('benchmarks', reportDataNl.tooManyBenchmarks(report.benchmarkCount));
  refuseOtherDates(report, body.benchmarks, 'benchmarks');
  // requireLinkedSurvey answers on `survey_id`; the form's field is rchart.survey_id.
  const survey = await requireLinkedSurvey(ctx, report.projectId, v.survey_id).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'VALIDATION' ? invalid('rchart.survey_id', rchartNl.surveyNotLinked) : err;
  });
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, survey.id);
  checkQuestions(cube, v);
  const filters = await loadFilterCatalog(ctx, report, survey.id, cube);
  const known = findOptions(filters);
  const benchmarks: BenchmarkInput[] = body.benchmarks.map((b, i) => ({
    label: b.label || String.fromCharCode(65 + (i % 26)),
    start: day(b.start),
    end: day(b.end),
    filterOptionIds: [...new Set(b.filterOptions ?? [])],
  }));
  if (benchmarks.some((b) => b.filterOptionIds.some((id) => !known.has(id)))) throw invalid('benchmarks', reportDataNl.foreignFilterOption);
  const reportInput = reportScope(report);
  const accuracy = { populationSize: survey.populationSize, confidenceLevel: survey.confidenceLevel };
  // The report's weighting scheme (weighting_id) weighs the R chart as it weighs every other chart.
  // With it in the same round trip what names its variables (the R chart's survey is the scheme's when it is weighted).
  const weighting = report.weightingId === null ? null : await readOne(ctx.db, combine(schemeRead(ctx.db, report.id), combine(schemeNamesRead(ctx.db, report.id), columnTextsRead(ctx.db, [survey.id], lang), (names, texts) => ({ names, texts: texts.get(survey.id)?.texts })), (scheme, n) => ({ scheme, ...n })));
  const scheme = weighting?.scheme ?? null;
  const weights = weighting ? weightsFor(cube, scheme, readerNames(weighting.names, weighting.texts)) : null;
  let computed;
  try {
    computed = computeRChart(cube, { spec: v, benchmarks, filters, report: reportInput, accuracy, weights });
  } catch (err) {
    if (err instanceof AnalyticsError) throw invalid('benchmarks', err.code === 'BAD_INPUT' ? reportDataNl.filterCombination : reportDataNl.failed);
    throw err;
  }

  const labels = await columnLabels(ctx.db, survey, lang);
  const q = labels.get(v.question);
  const by = 'by' in v ? labels.get(v.by) : undefined;
  const answer = (code: string, of = q) => (code === RCHART_OTHER.code ? RCHART_OTHER.label : (of?.options.get(code) ?? code));
  const rowLabel = (key: string) => {
    if (key === RCHART_TOTAL.key) return RCHART_TOTAL.label;
    if (v.analysis === 'trend') return periodLabel(dayFromIso(key), computed.granularity ?? v.granularity);
    return v.analysis === 'top-bottom' ? answer(key) : answer(key, by);
  };
  const COLUMN_LABELS: Record<string, string> = { mean: 'Gemiddelde', marginOfError: 'Foutmarge (±)', percentage: 'Percentage', count: 'Aantal' };
  return {
    kind: v.analysis,
    chartId: chart.id,
    question: q?.text ?? v.question,
    by: 'by' in v ? (by?.text ?? v.by) : null,
    columns: computed.columns.map((c) => ({ key: c.key, unit: c.unit, label: v.analysis === 'crosstab' ? answer(c.key) : (COLUMN_LABELS[c.key] ?? c.key) })),
    benchmarks: computed.tables.map((t) => ({
      label: t.label,
      start: isoFromDay(t.startDay),
      end: isoFromDay(t.endDay),
      suppressed: t.suppressed,
      rows: t.rows.map((r) => ({ ...r, label: rowLabel(r.key) })),
    })),
    minN: reportInput.minN,
    weighting: weights && weighting?.scheme ? presentWeighting(weighting.scheme, weighting.names, weighting.texts) : null,
  };
}
