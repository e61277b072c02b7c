import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../../../../../server/context';
import { projectSurveys, surveys } from '../../../../../../server/db/schema';
import { AppError } from '../../../../../../server/errors';
import { getChart } from '../../../../../../server/services/reports/get-chart';
import { getReport } from '../../../../../../server/services/reports/get-report';
import { listSurveys } from '../../../../../../server/services/surveys/list-surveys';
import type { ReportText } from '../../../../../../islands/markdown/TextEditor';
import type { ChartDraft, ChartOptionRow, DataLocation } from '../../../../../../islands/chart-editor/editor.store';
import type { PickerSurvey } from '../../../../../../islands/chart-editor/QuestionPicker';
import { GRANULARITY } from '../../../../../../shared/lookups';

const positive = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** 404 for anything the services refuse as unknown or not the user's; other errors stay errors. */
async function orNull<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}

/**
 * Survey picker of spec 001 §5: surveys of the report's project that have tokens, by displayTitle
 * (the API refuses a data location on a survey outside the project anyway).
 */
async function pickerSurveys(ctx: UserServiceContext, projectId: number): Promise<PickerSurvey[]> {
  const linked = await ctx.db
    .select({ id: projectSurveys.surveyId })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .where(and(eq(projectSurveys.projectId, projectId), isNull(surveys.deletedAt)));
  const ids = new Set(linked.map((l) => l.id));
  const list = (await orNull(() => listSurveys(ctx, 'light'))) ?? [];
  return list.filter((s) => ids.has(s.id) && s.hasTokens).map((s) => ({ id: s.id, displayTitle: s.displayTitle, hasTokens: s.hasTokens, languages: s.languages }));
}

/**
 * Everything the chart editor pages show: the report (title, language, min_n), the section, and
 * for an existing chart its settings, data locations, chart option rows and texts. Null = 404.
 */
export async function loadChartPage(ctx: UserServiceContext, params: Record<string, string | undefined>) {
  const reportId = positive(params.id);
  const sectionId = positive(params.sectionId);
  if (!reportId || !sectionId) return null;
  const report = await orNull(() => getReport(ctx, reportId, 'sections'));
  const section = report?.sections?.find((s) => s.id === sectionId);
  if (!report || !section) return null;
  const lang = report.languages.split(',')[0]?.trim() || 'nl';
  const base = { report: { id: report.id, title: report.title, lang, minN: report.min_n }, section: { id: section.id, title: section.title } };

  if (params.chartId === undefined) {
    const draft: ChartDraft = {
      id: null, section_id: sectionId, chart_type_id: 1, title: '', sorting_option_id: 1, data_format_id: 1, data_type_id: null, kpi_id: null,
      pattern_id: null, granularity_id: GRANULARITY[0].id, color_scheme_id: 1, options: {},
    };
    return { ...base, chart: draft, optionRows: [] as ChartOptionRow[], texts: [] as ReportText[], locations: [] as DataLocation[], surveys: await pickerSurveys(ctx, report.project_id) };
  }
  const chartId = positive(params.chartId);
  const chart = chartId ? await orNull(() => getChart(ctx, chartId)) : null;
  if (!chart || chart.section_id !== sectionId) return null;
  const { dataLocations, chartOptions, texts, order: _order, ...fields } = chart as typeof chart & { chartOptions?: ChartOptionRow[]; texts?: ReportText[] };
  const draft: ChartDraft = { ...fields, granularity_id: fields.granularity_id ?? 0, options: (fields.options ?? {}) as Record<string, unknown> };
  return {
    ...base,
    chart: draft,
    optionRows: chartOptions ?? [],
    texts: (texts ?? []) as ReportText[],
    locations: (dataLocations ?? []) as DataLocation[],
    surveys: await pickerSurveys(ctx, report.project_id),
  };
}
