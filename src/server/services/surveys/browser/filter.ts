import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { surveyResponses } from '../../../db/schema';
import type { ResponseFilterQuery } from '../../../../shared/validation/surveys';

/** The response browser's filters as one condition: survey, completion, date range (of the last known date), token. */
export function responseFilter(surveyId: number, q: ResponseFilterQuery): SQL {
  const day = sql`substr(coalesce(${surveyResponses.submitDate}, ${surveyResponses.dateStamp}, ${surveyResponses.startDate}), 1, 10)`;
  return and(
    eq(surveyResponses.surveyId, surveyId),
    q.status === 'complete' ? isNotNull(surveyResponses.submitDate) : q.status === 'incomplete' ? isNull(surveyResponses.submitDate) : undefined,
    q.from ? sql`${day} >= ${q.from}` : undefined,
    q.to ? sql`${day} <= ${q.to}` : undefined,
    q.token ? eq(surveyResponses.token, q.token) : undefined,
  )!;
}
