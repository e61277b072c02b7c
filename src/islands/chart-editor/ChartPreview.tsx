import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { buildChartSpec } from '../../shared/chart-spec';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { Chart } from '../charts/Chart';
import { $draft, $preview, loadPreview } from './editor.store';
import { RCHART_TYPE_ID } from './RChartForm';
import RChartPreview from './RChartPreview';

const t = chartEditorNl.preview;

interface Props {
  reportId: number;
  lang: string;
  minN: number;
}

/**
 * Live preview: the draft (unsaved appearance included) drawn from the last data answer. The
 * spec is rebuilt on every draft change, which costs no request; data is fetched on mount and
 * when the editor asks (datasets, granularity, save).
 */
export default function ChartPreview({ reportId, lang, minN }: Props) {
  const draft = useStore($draft);
  const preview = useStore($preview);
  const chartId = draft?.id ?? null;

  useEffect(() => {
    if (chartId) void loadPreview(reportId, chartId, lang, $draft.get()?.granularity_id ?? 0);
  }, [chartId]);

  const spec = useMemo(() => {
    if (!draft || draft.id === null || !preview.locations.length) return null;
    return buildChartSpec({ ...draft, id: draft.id }, preview.locations, { minN, lang, granularityId: draft.granularity_id, weightedBy: preview.weightedBy });
  }, [draft, preview.locations, preview.weightedBy, minN, lang]);

  if (!draft || draft.id === null) return null;
  const isR = draft.chart_type_id === RCHART_TYPE_ID;
  return (
    <section className="flex flex-col gap-2 rounded-lg border bg-white p-4" aria-labelledby="chart-preview-heading" data-chart-preview data-status={preview.status}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="chart-preview-heading" className="font-semibold">{t.heading}</h2>
        <button type="button" className="rounded border px-2 py-1 text-sm" hidden={isR} onClick={() => void loadPreview(reportId, draft.id!, lang, draft.granularity_id)}>
          {t.refresh}
        </button>
      </div>
      <p className="text-xs text-gray-600">{t.note}</p>
      {isR ? (
        <RChartPreview reportId={reportId} sectionId={draft.section_id} chartId={draft.id} lang={lang} rchart={draft.options.rchart} />
      ) : (
        <div aria-live="polite" aria-busy={preview.status === 'loading'}>
          {preview.status === 'loading' && !spec && <p className="text-sm">{t.loading}</p>}
          {preview.status === 'error' && <p className="text-sm text-red-700">{preview.error ?? t.failed}</p>}
          {preview.status === 'ready' && !preview.locations.length && <p className="text-sm">{t.empty}</p>}
          {spec && <Chart spec={spec} />}
        </div>
      )}
    </section>
  );
}
