import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterOptions, projectSurveys, surveys, weightingSchemes } from '../../db/schema';
import { columnLabels } from '../filters/generate-options';
import { loadCube } from '../analytics/load-cube';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { displayTitle } from '../surveys/present';
import type { IndicatorMetricKey } from '../../../shared/lookups/indicators';
import type { ChoiceColumn, IndicatorChoices } from '../../../shared/dto/indicator-choices';

const METRICS: Record<string, IndicatorMetricKey[]> = { single: ['percentage', 'mean', 'topBox'], multi: ['percentage'], numeric: ['mean'] };

/**
 * What the indicator form offers for a project: its linked surveys with the questions of each
 * survey's cube (by what they can be watched with, answer options with their texts) and the
 * project's filter options per survey. Open-text answers are not offered (they are raw answers).
 */
export async function listIndicatorChoices(ctx: UserServiceContext, projectId: number): Promise<IndicatorChoices> {
  const linked = await ctx.db
    .select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid })
    .from(projectSurveys)
    .innerJoin(surveys, and(eq(surveys.id, projectSurveys.surveyId), isNull(surveys.deletedAt)))
    .where(eq(projectSurveys.projectId, projectId));
  // The weighting schemes of every linked survey in one query.
  const allSchemes = linked.length
    ? await ctx.db
        .select({ id: weightingSchemes.id, name: weightingSchemes.name, start_date: weightingSchemes.startDate, end_date: weightingSchemes.endDate, surveyId: weightingSchemes.surveyId })
        .from(weightingSchemes)
        .where(inArray(weightingSchemes.surveyId, linked.map((s) => s.id)))
        .orderBy(asc(weightingSchemes.name), asc(weightingSchemes.id))
    : [];
  const out = [];
  for (const s of linked) {
    const [{ survey, structure, columns }, cube] = await Promise.all([loadSurveyColumns(ctx.db, s.id), loadCube({ db: ctx.db, files: ctx.jobs?.files }, s.id)]);
    const choices: ChoiceColumn[] = [];
    for (const col of cube.columns) {
      const metrics = METRICS[col.kind];
      if (!metrics || col.source !== 'question') continue;
      const { title, labels } = columnLabels(structure, columns, col.key, survey.baseLanguage);
      const codes = col.kind === 'single' || col.kind === 'multi' ? col.codes : [];
      choices.push({ key: col.key, label: title, metrics, answers: codes.map((code) => ({ code, label: labels.get(code) ?? code })) });
    }
    const schemes = allSchemes.filter((w) => w.surveyId === s.id).map(({ surveyId: _, ...w }) => w);
    out.push({ id: s.id, displayTitle: displayTitle(s), columns: choices, schemes });
  }
  const categories = linked.length
    ? await ctx.db
        .select({ id: filterCategories.id, title: filterCategories.title, surveyId: filterCategories.surveyId })
        .from(filterCategories)
        .where(and(eq(filterCategories.projectId, projectId), inArray(filterCategories.surveyId, linked.map((s) => s.id))))
        .orderBy(asc(filterCategories.order), asc(filterCategories.id))
    : [];
  const options = categories.length
    ? await ctx.db
        .select({ id: filterOptions.id, label: filterOptions.label, categoryId: filterOptions.categoryId })
        .from(filterOptions)
        .where(inArray(filterOptions.categoryId, categories.map((c) => c.id)))
        .orderBy(asc(filterOptions.order), asc(filterOptions.id))
    : [];
  return {
    surveys: out.sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl')),
    categories: categories.map((c) => ({ id: c.id, title: c.title, survey_id: c.surveyId, options: options.filter((o) => o.categoryId === c.id).map((o) => ({ id: o.id, label: o.label })) })),
  };
}
