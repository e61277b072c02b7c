import { describeIndicator, formatIndicatorValue, indicatorsNl } from '../../../shared/i18n/indicators';
import type { IndicatorRow } from './access';
import type { LabelOf } from './labels';

/** An indicator as the API answers it, with its condition and state in words. */
export function presentIndicator(i: IndicatorRow, labelOf?: LabelOf) {
  const { question, answer, group } = labelOf ? labelOf(i.columnKey, i.answerCode) : { question: null, answer: null, group: null };
  return {
    id: i.id,
    project_id: i.projectId,
    survey_id: i.surveyId,
    title: i.title,
    metric: i.metric,
    column_key: i.columnKey,
    answer_code: i.answerCode,
    filter_option_ids: i.filterOptionIds,
    comparator: i.comparator,
    threshold: i.threshold,
    start_date: i.startDate,
    end_date: i.endDate,
    active: i.active,
    weighting_id: i.weightingId,
    state: i.state,
    state_text: indicatorsNl.states[i.state],
    last_value: i.lastValue,
    last_value_text: i.lastValue === null ? null : formatIndicatorValue(i.metric, i.lastValue),
    last_reason: i.lastReason,
    last_evaluated_at: i.lastEvaluatedAt?.toISOString() ?? null,
    last_fired_at: i.lastFiredAt?.toISOString() ?? null,
    question: question,
    answer: answer,
    /** The question group of the indicator's question (null: the response count, or a question that is gone). */
    group_id: group?.id ?? null,
    group: group?.name ?? null,
    description: describeIndicator({ ...i, questionLabel: question, answerLabel: answer }),
  };
}
export type PresentedIndicator = ReturnType<typeof presentIndicator>;
