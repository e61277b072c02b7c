import { GRANULARITY } from '../../shared/lookups';
import type { ReportDataBody } from '../../shared/validation/report-data';
import type { ReportDataAnswer } from '../services/report-data/compute-report-data';
import type { AiInput } from './types';

type Location = ReportDataAnswer['dataLocations'][number] & { question?: string; labels?: string[] };

/** The assistant's input from a data answer: question texts (when the endpoint has them) and the cells. */
export function aiInputFrom(data: ReportDataAnswer, body: ReportDataBody): AiInput {
  return {
    locations: (data.dataLocations as Location[]).map((d) => ({ question: d.question || d.label || d.columnKey, codes: d.codes, labels: d.labels, benchmarks: d.benchmarks })),
    benchmarks: data.benchmarks.map((b) => b.label),
    granularity: GRANULARITY.find((g) => g.id === (body.granularity ?? 0))?.key ?? 'none',
    topic: body.topic,
    aiInput: body.aiInput,
  };
}
