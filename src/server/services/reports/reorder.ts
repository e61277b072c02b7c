import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';

/**
 * The new order of a parent's children: the listed ids take places 0…k−1, the unlisted ones follow
 * in their current order. Ids of another parent → 422 before anything is written.
 */
export function newOrder(current: number[], wanted: number[], what: string): number[] {
  const own = new Set(current);
  const foreign = wanted.filter((id) => !own.has(id));
  if (foreign.length) throw new AppError('VALIDATION', nl.validation, { order: [reportsNl.notOfParent(what, foreign)] });
  const listed = new Set(wanted);
  return [...wanted, ...current.filter((id) => !listed.has(id))];
}
