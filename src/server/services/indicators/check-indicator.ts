import { and, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterOptions, projectSurveys, weightingSchemes, type IndicatorMetric } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { indicatorsNl } from '../../../shared/i18n/indicators';
import { loadCube } from '../analytics/load-cube';
import { schemeHolds } from '../reports/check-weighting';

export interface IndicatorDefinition {
  surveyId: number;
  metric: IndicatorMetric;
  columnKey: string | null;
  answerCode: string | null;
  filterOptionIds: number[];
  /** A weighting scheme (issue 31), or null: unweighted. */
  weightingId?: number | null;
  /** The active period (ISO dates, inclusive), which a scheme's range must hold. */
  startDate?: string | null;
  endDate?: string | null;
}

const FITS: Record<Exclude<IndicatorMetric, 'responses'>, string[]> = {
  percentage: ['single', 'multi'],
  mean: ['single', 'numeric'],
  topBox: ['single'],
};

/**
 * 422 with a Dutch message on the field unless the definition fits the project: the survey is
 * linked to it, the question exists in the survey's cube and suits the metric, the answer belongs
 * to the question, the filter options are the project's on that survey, a weighting scheme is one
 * of that survey whose range holds the indicator's period (as for reports: a scheme without a start
 * or end is open on that side) and the metric is not the response count (people are not weighted).
 */
export async function checkIndicator(ctx: UserServiceContext, projectId: number, d: IndicatorDefinition): Promise<void> {
  const fail = (field: string, message: string) => new AppError('VALIDATION', nl.validation, { [field]: [message] });
  const [linked, options] = await ctx.db.batch([
    ctx.db.select({ id: projectSurveys.surveyId }).from(projectSurveys).where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, d.surveyId))),
    ctx.db
      .select({ id: filterOptions.id })
      .from(filterOptions)
      .innerJoin(filterCategories, eq(filterCategories.id, filterOptions.categoryId))
      .where(and(eq(filterCategories.projectId, projectId), eq(filterCategories.surveyId, d.surveyId), inArray(filterOptions.id, d.filterOptionIds.length ? d.filterOptionIds : [0]))),
  ]);
  if (!linked.length) throw fail('survey_id', indicatorsNl.surveyNotLinked);
  const known = new Set(options.map((o) => o.id));
  const strangers = d.filterOptionIds.filter((id) => !known.has(id));
  if (strangers.length) throw fail('filter_option_ids', indicatorsNl.unknownFilters(strangers));
  if (d.weightingId != null) {
    if (d.metric === 'responses') throw fail('weighting_id', indicatorsNl.weightingResponses);
    const [scheme] = await ctx.db
      .select({ startDate: weightingSchemes.startDate, endDate: weightingSchemes.endDate })
      .from(weightingSchemes)
      .where(and(eq(weightingSchemes.id, d.weightingId), eq(weightingSchemes.surveyId, d.surveyId)));
    if (!scheme || !schemeHolds(scheme, d.startDate ?? null, d.endDate ?? null)) throw fail('weighting_id', indicatorsNl.weightingNotFit);
  }
  if (d.metric === 'responses') return;
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, d.surveyId);
  const column = cube.byKey.get(d.columnKey ?? '');
  if (!column) throw fail('column_key', indicatorsNl.unknownColumn(d.columnKey ?? ''));
  if (!FITS[d.metric].includes(column.kind)) throw fail('column_key', indicatorsNl.columnNotFit);
  if (d.metric === 'percentage') {
    const codes = column.kind === 'text' ? column.dictionary : column.kind === 'numeric' ? [] : column.codes;
    if (!codes.includes(d.answerCode ?? '')) throw fail('answer_code', indicatorsNl.unknownAnswer(d.answerCode ?? ''));
  }
}
