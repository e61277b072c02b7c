import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../shared/api-client';
import type { DataLocationAnswer } from '../../shared/chart-spec';
import { displayNames } from './benchmarks';
import { $catalog, $requestBenchmarks } from './report.store';

/** Spec 000 §9: report data may take 60 s. */
export const DATA_TIMEOUT_MS = 60_000;
/** Typing a label or clicking several filters makes one request, not one per keystroke. */
const DEBOUNCE_MS = 250;
export const MARK_ANSWER = 'impulz:report-data-answer';
export const MEASURE_REDRAW = 'impulz:report-redraw';

export interface ReportDataAnswer {
  benchmarks: { label: string; start: string | null; end: string | null; filterOptions: number[] }[];
  dataLocations: (DataLocationAnswer & { chartId: number; sectionId: number })[];
  minN: number;
  includeIncomplete: boolean;
  /** The report's weighting scheme ('Gewogen naar …' in `label`), null when no number follows one; each data location says `weighted`. */
  weighting?: { id: number; name: string; label: string } | null;
  /** The report's protection mode: `cellkey` = counts perturbed (charts write them as 'ca. 123'). */
  protection?: 'suppress' | 'cellkey';
}

export const dataPath = (reportId: number, lang: string) => `/api/v2/data/1/${lang}/report/${reportId}`;

/**
 * The report's chart data for the current benchmarks: refetched (debounced) when they change;
 * a newer change aborts the request in flight and cancelled requests are ignored (spec 000 §8).
 */
export function useReportData(reportId: number, lang: string) {
  const benchmarks = useStore($requestBenchmarks);
  const [data, setData] = useState<ReportDataAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(benchmarks);
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api<{ data: ReportDataAnswer }>('POST', dataPath(reportId, lang), { body: { benchmarks }, timeoutMs: DATA_TIMEOUT_MS, signal: ctrl.signal })
        .then((res) => {
          if (ctrl.signal.aborted) return;
          performance.mark(MARK_ANSWER);
          setData(res.data);
          setFailed(false);
          setLoading(false);
        })
        .catch((err) => {
          if (err instanceof ApiError && err.cancelled) return;
          setFailed(true);
          setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [reportId, lang, key]);
  // Legends and tables name the benchmarks ('Alle respondenten', '65 jaar of ouder'), not A/B.
  const catalog = useStore($catalog);
  const named = useMemo(() => (data ? nameBenchmarks(data, displayNames(data.benchmarks, catalog)) : null), [data, catalog]);
  return { data: named, loading, failed };
}

/** The answer with each benchmark (and each data location's cell) carrying its display name. */
export function nameBenchmarks(data: ReportDataAnswer, names: readonly string[]): ReportDataAnswer {
  const name = (label: string, i: number) => names[i] ?? label;
  return {
    ...data,
    benchmarks: data.benchmarks.map((b, i) => ({ ...b, label: name(b.label, i) })),
    dataLocations: data.dataLocations.map((d) => ({ ...d, benchmarks: d.benchmarks.map((c, i) => ({ ...c, label: name(c.label, i) })) })),
  };
}

/**
 * After the charts of a new answer are committed: measure answer → drawn, for the 150 ms budget.
 * Two frames: the first runs before the paint that shows the new charts (uPlot draws in the
 * chart effects and their microtasks before it), the second after that paint.
 */
export function measureRedraw(): void {
  if (!performance.getEntriesByName(MARK_ANSWER, 'mark').length) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const m = performance.measure(MEASURE_REDRAW, MARK_ANSWER);
      performance.clearMarks(MARK_ANSWER);
      document.dispatchEvent(new CustomEvent('impulz:report-redrawn', { detail: { ms: m.duration } }));
    }),
  );
}
