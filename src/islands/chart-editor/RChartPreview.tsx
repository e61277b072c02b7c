import { useEffect, useState } from 'react';
import { ApiError, request } from '../../shared/api-client';
import { formatNumber } from '../../shared/chart-spec';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import type { RChartResult } from '../../shared/rchart';
import { RChartValues } from '../../shared/validation/rchart';

const t = chartEditorNl;

interface Props {
  reportId: number;
  sectionId: number;
  chartId: number;
  lang: string;
  rchart: unknown;
}

/**
 * Preview of an R chart: the rchart data call with the form's unsaved values (debounced; only
 * complete forms are sent) drawn as the analysis table. Suppressed groups show the Dutch text
 * and no numbers.
 */
export default function RChartPreview({ reportId, sectionId, chartId, lang, rchart }: Props) {
  const [result, setResult] = useState<RChartResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(rchart ?? null);

  useEffect(() => {
    if (!RChartValues.safeParse(rchart ?? {}).success) return setResult(null);
    let stale = false;
    const timer = setTimeout(() => {
      setLoading(true);
      request<{ data: RChartResult }>('POST', `/api/v2/data/1/${lang}/report/${reportId}/section/${sectionId}/rchart/${chartId}`, { benchmarks: [{}], rchart })
        .then((r) => !stale && (setResult(r.data), setError(null)))
        .catch((err) => !stale && setError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : t.preview.failed))
        .finally(() => !stale && setLoading(false));
    }, 350);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [key]);

  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!result) return <p className="text-sm">{loading ? t.preview.loading : t.rchart.noData}</p>;
  const fmt = (v: number | null, unit: string) => (v === null ? '–' : unit === 'percentage' ? `${formatNumber(v, 0)}%` : formatNumber(v, unit === 'count' ? 0 : 1));
  return (
    <div className="flex flex-col gap-4 overflow-x-auto" data-rchart-preview aria-busy={loading}>
      {result.benchmarks.map((b) => (
        <table key={b.label} className="min-w-full border-collapse text-sm">
          <caption className="text-start font-medium">{[result.question, result.by].filter(Boolean).join(' × ')}{result.benchmarks.length > 1 ? ` (${b.label})` : ''}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b px-2 py-1 text-start" />
              {result.columns.map((c) => <th key={c.key} scope="col" className="border-b px-2 py-1 text-end">{c.label}</th>)}
              <th scope="col" className="border-b px-2 py-1 text-end">{t.rchart.n}</th>
            </tr>
          </thead>
          <tbody>
            {b.suppressed && (
              <tr><td colSpan={result.columns.length + 2} className="px-2 py-1">{t.rchart.suppressed(result.minN)}</td></tr>
            )}
            {b.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="border-b px-2 py-1 text-start font-normal">{r.label}</th>
                {r.suppressed ? (
                  <td colSpan={result.columns.length + 1} className="border-b px-2 py-1 text-gray-700">{t.rchart.suppressed(result.minN)}</td>
                ) : (
                  <>
                    {r.values.map((v, i) => <td key={result.columns[i]?.key ?? i} className="border-b px-2 py-1 text-end tabular-nums">{fmt(v, result.columns[i]?.unit ?? '')}</td>)}
                    <td className="border-b px-2 py-1 text-end tabular-nums">{r.n ?? '–'}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {result.weighting && <p className="text-xs text-gray-700">{result.weighting.label}.</p>}
    </div>
  );
}
