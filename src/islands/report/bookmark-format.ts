import { z } from 'zod';
import { type Benchmark, type ReportLimits, maxBenchmarks, normalise } from './benchmarks';

/**
 * A bookmark's query_string is the spec's benchmark list (spec 001 §3): label, start, end and
 * filterCategories (category id → option ids). The view works with flat option ids, so both
 * directions go through the report's option → category map.
 */
const Stored = z.array(
  z.object({
    label: z.string().optional(),
    start: z.string().nullable().optional(),
    end: z.string().nullable().optional(),
    filterCategories: z.record(z.string(), z.array(z.number())).optional(),
    filterOptions: z.array(z.number()).optional(),
  }),
);

export interface StoredBenchmark {
  label: string;
  start: string | null;
  end: string | null;
  filterCategories: Record<string, number[]>;
}

export function fromQueryString(queryString: string | unknown, limits: ReportLimits): readonly Benchmark[] | null {
  let value = queryString;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = Stored.safeParse(value);
  if (!parsed.success || !parsed.data.length) return null;
  const list = parsed.data.slice(0, maxBenchmarks(limits)).map((b) => ({
    label: b.label ?? '',
    start: b.start ?? null,
    end: b.end ?? null,
    filterOptions: [...new Set([...Object.values(b.filterCategories ?? {}).flat(), ...(b.filterOptions ?? [])])],
  }));
  return normalise(list, limits);
}

/** optionCategory: option id → category id (options the catalogue doesn't know are dropped). */
export function toQueryString(list: readonly Benchmark[], limits: ReportLimits, optionCategory: Map<number, number>): StoredBenchmark[] {
  return normalise(list, limits).map((b) => {
    const filterCategories: Record<string, number[]> = {};
    for (const id of b.filterOptions) {
      const cat = optionCategory.get(id);
      if (cat !== undefined) (filterCategories[String(cat)] ??= []).push(id);
    }
    return { label: b.label, start: b.start, end: b.end, filterCategories };
  });
}
