import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { filterCategories, filterConditions, filterOptions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { filtersNl } from '../../../shared/i18n/filters';
import type { GenerateFilterCategoryInput } from '../../../shared/validation/filters';
import { type CubeDeps, loadCube } from '../analytics/load-cube';
import { isPanelColumn, loadPanelAttributes } from '../analytics/panel-attributes';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { findLinkedSurvey, requireFilterRole } from './access';
import { nextCategoryOrder } from './create-category';
import { columnLabels, generateOptions, type GeneratedOption } from './generate-options';
import { presentCategory, presentOption } from './present';

export interface NewCategory {
  /** Fixed ids (seed); left out, the database assigns them. */
  id?: number;
  firstOptionId?: number;
  firstConditionId?: number;
  projectId: number;
  surveyId: number;
  title: string;
  order: number;
  options: GeneratedOption[];
}

/** Writes a category with its options and conditions in one transaction. */
export async function insertCategory(db: Db, c: NewCategory) {
  return db.transaction(async (tx) => {
    const [category] = await tx.insert(filterCategories).values({ id: c.id, projectId: c.projectId, surveyId: c.surveyId, title: c.title, order: c.order }).returning();
    const options = [];
    let conditionId = c.firstConditionId;
    for (let i = 0; i < c.options.length; i++) {
      const o = c.options[i]!;
      const [option] = await tx
        .insert(filterOptions)
        .values({ id: c.firstOptionId === undefined ? undefined : c.firstOptionId + i, categoryId: category!.id, label: o.label, order: i })
        .returning();
      const conditions = o.conditions.length
        ? await tx
            .insert(filterConditions)
            .values(o.conditions.map((k, j) => ({ id: conditionId === undefined ? undefined : conditionId++, optionId: option!.id, columnKey: k.columnKey, comparator: k.comparator, value: k.value, operator: k.operator ?? 'and', order: j })))
            .returning()
        : [];
      options.push({ option: option!, conditions });
    }
    return { category: category!, options };
  });
}

/** The options a column of the survey generates, with the question text (a panel field's name) as default title. */
export async function generatedCategory(deps: CubeDeps, surveyId: number, key: string, minCount: number) {
  const { survey, structure, columns } = await loadSurveyColumns(deps.db, surveyId);
  const cube = await loadCube(deps, surveyId);
  if (!cube.byKey.has(key)) throw new AppError('VALIDATION', nl.validation, { column_key: [filtersNl.unknownColumn(key)] });
  const { title, labels } = isPanelColumn(key)
    ? ((await loadPanelAttributes(deps.db, surveyId)).labels.get(key) ?? { title: key, labels: new Map<string, string>() })
    : columnLabels(structure, columns, key, survey.baseLanguage);
  const options = generateOptions(cube, key, labels, minCount);
  if (!options) throw new AppError('VALIDATION', nl.validation, { column_key: [filtersNl.notGeneratable] });
  if (!options.length) throw new AppError('VALIDATION', nl.validation, { min_count: [filtersNl.noDistinctAnswers] });
  return { title, options };
}

/** POST project/{id}/survey/{sid}/filterCategory/generate */
export async function generateFilterCategory(ctx: UserServiceContext, projectId: number, surveyId: number, input: GenerateFilterCategoryInput) {
  requireFilterRole(ctx.user, true);
  await findLinkedSurvey(ctx, projectId, surveyId);
  const { title, options } = await generatedCategory({ db: ctx.db, files: ctx.jobs?.files }, surveyId, input.column_key, input.min_count);
  const order = await nextCategoryOrder(ctx, projectId);
  const made = await insertCategory(ctx.db, { projectId, surveyId, title: input.title ?? title, order, options });
  return presentCategory(made.category, made.options.map((o) => presentOption(o.option, made.category, o.conditions)));
}
