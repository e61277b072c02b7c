import { z } from 'zod';
import { type Benchmark, type ReportLimits, emptyBenchmark, maxBenchmarks, normalise } from './benchmarks';

/**
 * The benchmarks live in the URL (`?b=`), so a view can be shared and reloaded. Compact JSON:
 * one object per benchmark with only what differs from the defaults — l label, s start, e end,
 * f filter option ids. Anything unreadable falls back to the default view instead of failing.
 */
export const URL_PARAM = 'b';

// Same rule as the data call's dates, so a shared URL never sends a date the server refuses.
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const Compact = z.array(
  z.object({
    l: z.string().max(60).optional(),
    s: day.optional(),
    e: day.optional(),
    f: z.array(z.number().int().positive()).max(1000).optional(),
  }),
);

export function encodeBenchmarks(list: readonly Benchmark[], limits: ReportLimits): string | null {
  const norm = normalise(list, limits);
  if (norm.length === 1 && !norm[0]!.label && !norm[0]!.start && !norm[0]!.end && !norm[0]!.filterOptions.length) return null;
  return JSON.stringify(
    norm.map((b) => ({
      ...(b.label ? { l: b.label } : {}),
      ...(b.start ? { s: b.start } : {}),
      ...(b.end ? { e: b.end } : {}),
      ...(b.filterOptions.length ? { f: b.filterOptions } : {}),
    })),
  );
}

export function decodeBenchmarks(raw: string | null | undefined, limits: ReportLimits): readonly Benchmark[] {
  if (!raw) return [emptyBenchmark()];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [emptyBenchmark()];
  }
  const result = Compact.safeParse(parsed);
  if (!result.success || !result.data.length) return [emptyBenchmark()];
  return result.data.slice(0, maxBenchmarks(limits)).map((b) => ({ label: b.l ?? '', start: b.s ?? null, end: b.e ?? null, filterOptions: [...new Set(b.f ?? [])] }));
}

/** The search string of `href` with the benchmarks set (or removed when they are the default). */
export function withBenchmarks(href: string, list: readonly Benchmark[], limits: ReportLimits): string {
  const u = new URL(href, 'http://x');
  const value = encodeBenchmarks(list, limits);
  if (value === null) u.searchParams.delete(URL_PARAM);
  else u.searchParams.set(URL_PARAM, value);
  return `${u.pathname}${u.search}${u.hash}`;
}

export const readBenchmarks = (search: string, limits: ReportLimits) => decodeBenchmarks(new URLSearchParams(search).get(URL_PARAM), limits);
