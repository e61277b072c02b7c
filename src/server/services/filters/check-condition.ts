import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { filtersNl } from '../../../shared/i18n/filters';
import { loadCube } from '../analytics/load-cube';
import type { ConditionRow } from './access';
import { conditionsCompile } from './option-counts';

export type ConditionFields = Pick<ConditionRow, 'columnKey' | 'comparator' | 'value' | 'operator'>;

/** A condition must fit the survey's cube: a known column and a comparator that applies to it (422 otherwise). */
export async function checkConditionAgainstCube(ctx: UserServiceContext, surveyId: number, c: ConditionFields): Promise<void> {
  if (Array.isArray(c.value) && c.value.length > 1 && c.comparator !== 'in' && c.comparator !== 'notIn') {
    throw new AppError('VALIDATION', nl.validation, { value: [filtersNl.singleValue] });
  }
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  if (!cube.byKey.has(c.columnKey)) throw new AppError('VALIDATION', nl.validation, { column_key: [filtersNl.unknownColumn(c.columnKey)] });
  const problem = conditionsCompile(cube, [c]);
  if (problem) throw new AppError('VALIDATION', nl.validation, { comparator: [filtersNl.badCondition(problem)] });
}
