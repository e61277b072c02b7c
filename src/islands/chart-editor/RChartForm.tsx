import { useEffect, useState } from 'react';
import { request } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { CHART_TYPES } from '../../shared/lookups';

export const RCHART_TYPE_ID = CHART_TYPES.find((c) => c.key === 'rchart')!.id;

interface Field {
  key: string;
  label: string;
  type: string;
  required?: boolean;
  options?: { value: string | number; label: string }[];
  min?: number;
  max?: number;
}
interface Analysis {
  key: string;
  label: string;
  description?: string;
  fields: Field[];
}

type Values = Record<string, unknown>;
const t = chartEditorNl.rchart;

/**
 * The R chart form (GET rchartOptions): pick an analysis, then fill its fields; values are stored
 * in the chart's options.rchart and checked by the API on save. No R code anywhere.
 */
export default function RChartForm({ value, onChange, error }: { value: unknown; onChange: (v: Values) => void; error?: string }) {
  const [analyses, setAnalyses] = useState<Analysis[] | null>(null);
  const [failed, setFailed] = useState(false);
  const values = (value && typeof value === 'object' ? value : {}) as Values;

  useEffect(() => {
    request<{ data: { analyses: Analysis[] } }>('GET', '/api/v2/rchartOptions')
      .then((r) => setAnalyses(r.data.analyses))
      .catch(() => setFailed(true));
  }, []);

  if (failed) return <p className="text-sm text-red-700">{t.unavailable}</p>;
  if (!analyses) return <p className="text-sm">{t.loading}</p>;
  const current = analyses.find((a) => a.key === values.analysis);

  const input = (f: Field) => {
    const v = values[f.key];
    const set = (nv: unknown) => onChange({ ...values, [f.key]: nv });
    if (f.options) {
      return (
        <select className="rounded border px-2 py-1" value={v === undefined || v === null ? '' : String(v)} required={f.required} onChange={(e) => set(e.target.value === '' ? undefined : f.options!.find((o) => String(o.value) === e.target.value)?.value)}>
          <option value="">{chartEditorNl.datasets.choose}</option>
          {f.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
        </select>
      );
    }
    if (f.type === 'boolean') return <input type="checkbox" checked={v === true} onChange={(e) => set(e.target.checked)} />;
    if (f.type === 'number') return <input type="number" className="w-28 rounded border px-2 py-1" min={f.min} max={f.max} value={typeof v === 'number' ? v : ''} onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))} />;
    return <input className="rounded border px-2 py-1" value={typeof v === 'string' ? v : ''} required={f.required} onChange={(e) => set(e.target.value)} />;
  };

  return (
    <fieldset className="flex flex-col gap-2 text-sm" data-rchart-form>
      <legend className="mb-1 font-medium">{t.heading}</legend>
      <label className="flex flex-col gap-1">
        {t.heading}
        <select className="rounded border px-2 py-1" value={current?.key ?? ''} onChange={(e) => onChange({ analysis: e.target.value })}>
          <option value="">{chartEditorNl.datasets.choose}</option>
          {analyses.map((a) => <option key={a.key} value={a.key}>{a.label}</option>)}
        </select>
      </label>
      {current?.description && <p className="text-gray-700">{current.description}</p>}
      {current?.fields.map((f) => (
        <label key={f.key} className="flex flex-col gap-1">
          {f.label}
          {input(f)}
        </label>
      ))}
      {error && <span className="text-red-700">{error}</span>}
    </fieldset>
  );
}
