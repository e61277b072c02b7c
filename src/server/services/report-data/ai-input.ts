import { GRANULARITY } from '../../../shared/lookups';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import type { ReportDataAnswer } from './compute-report-data';
import type { AiInput } from '../../ai/types';

type Location = ReportDataAnswer['dataLocations'][number] & { question?: string; subquestion?: string | null; labels?: string[] };
/** 'Hoe tevreden bent u … – Straatverlichting': the question with its subquestion (matrix row). */
const questionOf = (d: Location) => d.label || [d.question, d.subquestion].filter(Boolean).join(' – ') || d.columnKey;

/** The assistant's input from a data answer: question texts (when the endpoint has them) and the cells. */
export function aiInputFrom(data: ReportDataAnswer, body: ReportDataBody): AiInput {
  return {
    // The same question in two charts is one fact, not two.
    locations: uniqueBy(data.dataLocations as Location[], (d) => `${d.surveyId}:${d.columnKey}:${d.label ?? ''}`).map((d) => ({ question: questionOf(d), codes: d.codes, labels: d.labels, benchmarks: d.benchmarks, confidenceLevel: d.confidenceLevel, weighted: d.weighted })),
    benchmarks: data.benchmarks.map((b) => b.label),
    granularity: GRANULARITY.find((g) => g.id === (body.granularity ?? 0))?.key ?? 'none',
    topic: body.topic,
    aiInput: body.aiInput,
    approximate: data.protection === 'cellkey',
    weighting: data.weighting?.label ?? null,
  };
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}
