import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicators } from '../../db/schema';
import { indicatorsNl } from '../../../shared/i18n/indicators';
import { INDICATOR_GROUP_NONE, type IndicatorGroupFilter } from '../../../shared/validation/indicators';
import { findProject } from '../projects/access';
import { requireIndicatorRole } from './access';
import { indicatorLabels, type LabelOf } from './labels';
import { type PresentedIndicator, presentIndicator } from './present';

/**
 * GET project/{id}/indicator: the project's indicators with their last value, state and reason;
 * `group` keeps those whose question sits in that question group ('none': the response counts).
 */
export async function listProjectIndicators(ctx: UserServiceContext, projectId: number, opts: { group?: IndicatorGroupFilter } = {}) {
  requireIndicatorRole(ctx.user, 'notification.view');
  await findProject(ctx, projectId);
  const rows = await ctx.db.select().from(indicators).where(eq(indicators.projectId, projectId)).orderBy(asc(indicators.title), asc(indicators.id));
  const labels = new Map<number, LabelOf | undefined>();
  for (const surveyId of new Set(rows.map((r) => r.surveyId))) labels.set(surveyId, await indicatorLabels(ctx.db, surveyId).catch(() => undefined));
  return filterIndicatorsByGroup(rows.map((r) => presentIndicator(r, labels.get(r.surveyId))), opts.group);
}

/** The indicators of one question group (all when no group is chosen). */
export function filterIndicatorsByGroup(list: PresentedIndicator[], group: IndicatorGroupFilter): PresentedIndicator[] {
  if (group === undefined) return list;
  return list.filter((i) => (group === INDICATOR_GROUP_NONE ? i.group_id === null : i.group_id === group));
}

/** The choices of the group filter: each question group the indicators use, in name order, and 'none' when some have no question. */
export function indicatorGroupChoices(list: PresentedIndicator[]): { value: string; label: string }[] {
  const groups = new Map<number, string>();
  for (const i of list) if (i.group_id !== null && i.group !== null) groups.set(i.group_id, i.group);
  const choices = [...groups].sort((a, b) => a[1].localeCompare(b[1], 'nl') || a[0] - b[0]).map(([id, name]) => ({ value: String(id), label: name }));
  return list.some((i) => i.group_id === null) ? [...choices, { value: INDICATOR_GROUP_NONE, label: indicatorsNl.tab.noGroup }] : choices;
}
