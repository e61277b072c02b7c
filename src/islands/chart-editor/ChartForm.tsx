import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { CHART_SORTING_OPTIONS, CHART_TYPES, DATA_FORMATS, DATA_TYPES, GRANULARITY, KPIS, PATTERNS } from '../../shared/lookups';
import { ChartInput, ChartUpdate } from '../../shared/validation/reports';
import { RChartValues } from '../../shared/validation/rchart';
import { parseOptionValue } from '../../shared/validation/reports-parts';
import { url } from '../../shared/urls';
import { useHydrated } from '../use-hydrated';
import ChartOptionsPanel, { NUMBERS, OPTION_KEYS } from './ChartOptionsPanel';
import ColorSchemePicker from './ColorSchemePicker';
import RChartForm, { RCHART_TYPE_ID } from './RChartForm';
import type { PickerSurvey } from './QuestionPicker';
import { $dirty, $draft, $saved, saveChartOptions, schedulePreview, setField, setOption, type ChartDraft, type ChartOptionRow } from './editor.store';

const t = chartEditorNl;
type Lookup = readonly { id: number; name: string }[];

interface Props {
  reportId: number;
  lang: string;
  /** Chart option rows of an existing chart (ids for PUT). */
  optionRows: ChartOptionRow[];
  /** Surveys for the R chart form (the project's, with tokens). */
  surveys: PickerSurvey[];
}

/**
 * The PUT/POST chart body: every field except the options handled by chartOption rows. A chart
 * option that only the chart's own options object holds (set through the API, e.g. `max`) and
 * that the form left unchanged stays there, so saving other fields never drops it; once changed
 * it is a row (or, cleared, gone from both).
 */
export function chartBody(d: ChartDraft, saved: Record<string, unknown> = {}, rows: readonly ChartOptionRow[] = []) {
  const keep = (k: string, v: unknown) => !(OPTION_KEYS as string[]).includes(k) || (v === saved[k] && !rows.some((r) => r.key === k));
  const own = Object.fromEntries(Object.entries(d.options).filter(([k, v]) => keep(k, v)));
  const { id: _id, options: _o, ...fields } = d;
  return { ...fields, options: own };
}

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? 'title')] ??= i.message;
  return out;
}

/** Tab 'Algemeen' (and the new-chart form): the chart's settings, validated with the API's zod schema. */
export default function ChartForm({ reportId, lang, optionRows, surveys }: Props) {
  const hydrated = useHydrated();
  const draft = useStore($draft);
  const dirty = useStore($dirty);
  const [rows, setRows] = useState(optionRows);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rErrors, setRErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const isNew = draft?.id === null;

  // Granularity changes the data itself: refetch (debounced); other fields redraw locally.
  const granularity = draft?.granularity_id;
  useEffect(() => {
    if (draft?.id && granularity !== undefined && granularity !== $saved.get()?.granularity_id) schedulePreview(reportId, draft.id, lang, granularity);
  }, [granularity]);

  // Leaving with unsaved settings asks first (the browser's own dialog).
  useEffect(() => {
    if (!dirty || isNew) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty, isNew]);

  if (!draft) return null;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = $draft.get()!;
    const body = chartBody(d, $saved.get()?.options, rows);
    const parsed = (isNew ? ChartInput : ChartUpdate).safeParse(body);
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    // An R chart stores its form in options.rchart: check it with the rchart call's own schema.
    const rchart = d.chart_type_id === RCHART_TYPE_ID ? RChartValues.safeParse(d.options.rchart ?? {}) : null;
    setRErrors(rchart && !rchart.success ? firstErrors(rchart.error.issues.map((i) => ({ ...i, path: i.path.length ? i.path : ['analysis'] }))) : {});
    if (rchart && !rchart.success) return;
    // Chart options are checked per key with the API's schema (each is its own call on save).
    const optionErrors = Object.fromEntries(
      OPTION_KEYS.flatMap((k) => {
        const v = d.options[k];
        const r = v === undefined ? null : parseOptionValue(k, v);
        return r && !r.success ? [[`option.${k}`, r.error.issues[0]?.message ?? '']] : [];
      }),
    );
    if (Object.keys(optionErrors).length) return setErrors(optionErrors);
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>(isNew ? 'POST' : 'PUT', isNew ? '/api/v2/chart' : `/api/v2/chart/${d.id}`, { body });
      const id = res.data.id;
      setRows(await saveChartOptions(id, rows, $saved.get()?.options ?? {}, d.options, OPTION_KEYS));
      setErrors({});
      if (isNew) {
        // Next step: datasets (an R chart has its data in the form already).
        window.location.assign(url(`/report/${reportId}/section/${d.section_id}/chart/${id}/edit/${d.chart_type_id === RCHART_TYPE_ID ? 'base' : 'dataLocations'}`));
        return;
      }
      $saved.set(d);
      schedulePreview(reportId, id, lang, d.granularity_id, 0);
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k === 'value' ? 'options' : k, v[0] ?? ''])));
    } finally {
      setBusy(false);
    }
  }

  // A field without a stored value shows what the chart really does then (the renderer's default),
  // never an empty 'Geen'; only fields where nothing is a real choice keep an empty option, named.
  const select = (key: keyof ChartDraft, label: string, list: Lookup, empty?: { fallback: number } | { none: string }) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select
        className="rounded border px-2 py-1"
        value={draft[key] === null ? (empty && 'fallback' in empty ? String(empty.fallback) : '') : String(draft[key])}
        aria-invalid={!!errors[key]}
        onChange={(e) => setField(key, (e.target.value === '' ? null : Number(e.target.value)) as never)}
      >
        {empty && 'none' in empty && <option value="">{empty.none}</option>}
        {list.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
      {errors[key] && <span className="text-red-700">{errors[key]}</span>}
    </label>
  );

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={submit} noValidate aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`} className="sr-only">{isNew ? t.newHeading : t.editHeading}</h2>
      <label className="flex flex-col gap-1 text-sm">
        {t.fields.title}
        <input className="rounded border px-2 py-1" value={draft.title} maxLength={191} required aria-invalid={!!errors.title} onChange={(e) => setField('title', e.target.value)} />
        {errors.title && <span className="text-red-700">{errors.title}</span>}
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        {select('chart_type_id', t.fields.chartType, CHART_TYPES)}
        {select('sorting_option_id', t.fields.sorting, CHART_SORTING_OPTIONS, { fallback: CHART_SORTING_OPTIONS[0].id })}
        {select('data_format_id', t.fields.dataFormat, DATA_FORMATS, { fallback: DATA_FORMATS[0].id })}
        {select('data_type_id', t.fields.dataType, DATA_TYPES, { none: t.fields.dataTypeFromQuestion })}
        {select('kpi_id', t.fields.kpi, KPIS, { none: t.fields.noKpi })}
        {select('pattern_id', t.fields.pattern, PATTERNS, { fallback: PATTERNS[0].id })}
        {select('granularity_id', t.fields.granularity, GRANULARITY)}
      </div>
      <ColorSchemePicker
        name={`${uid}-colors`}
        value={draft.color_scheme_id}
        onChange={(v) => setField('color_scheme_id', v)}
        reversed={draft.options.reverseColors === true}
        onReversedChange={(on) => setOption('reverseColors', on)}
      />
      {errors['option.reverseColors'] && <span className="text-sm text-red-700">{errors['option.reverseColors']}</span>}
      {errors.color_scheme_id && <span className="text-sm text-red-700">{errors.color_scheme_id}</span>}
      <ChartOptionsPanel options={draft.options} onChange={setOption} errors={Object.fromEntries(OPTION_KEYS.map((k) => [k, errors[`option.${k}`] ?? (NUMBERS[k] ? errors.options : undefined)]))} />
      {draft.chart_type_id === RCHART_TYPE_ID && <RChartForm value={draft.options.rchart} onChange={(v) => setOption('rchart', v)} errors={rErrors} surveys={surveys} />}
      <div className="flex items-center gap-3">
        <button type="submit" className="rounded bg-brand px-4 py-2 text-white hover:bg-brand-dark disabled:opacity-50" disabled={!hydrated || busy}>
          {busy ? t.saving : isNew ? t.create : t.save}
        </button>
        {dirty && !isNew && <span className="text-sm text-amber-800" role="status">{t.unsaved}</span>}
      </div>
    </form>
  );
}
