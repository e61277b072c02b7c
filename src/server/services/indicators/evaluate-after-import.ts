import type { JobDeps } from '../../jobs/types';
import { jobEvaluationDeps } from './evaluation-deps';
import { evaluateIndicators } from './evaluate-indicators';

/**
 * After a response import: evaluates the survey's indicators. A failure is logged, never fails
 * the import (the cron trigger evaluates them again within 15 minutes).
 */
export async function evaluateAfterImport(deps: JobDeps, surveyId: number): Promise<void> {
  try {
    await evaluateIndicators(jobEvaluationDeps(deps), { surveyId });
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', surveyId, step: 'indicators', error: String(err), stack: (err as Error)?.stack }));
  }
}
