import { useEffect, useState } from 'react';
import { request } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { CHART_TYPES } from '../../shared/lookups';
import type { RChartAnalysisDef, RChartField, RChartQuestionKind } from '../../shared/rchart';
import type { PickerSurvey } from './QuestionPicker';

export const RCHART_TYPE_ID = CHART_TYPES.find((c) => c.key === 'rchart')!.id;

interface RQuestion {
  key: string;
  label: string;
  kind: RChartQuestionKind;
  options: { code: string; label: string }[];
}
type Values = Record<string, unknown>;
const t = chartEditorNl.rchart;
const choose = chartEditorNl.datasets.choose;

/** The analysis' defaults under what is already filled in (switching analysis keeps survey and question). */
function withDefaults(def: RChartAnalysisDef, values: Values): Values {
  const out: Values = { analysis: def.key };
  for (const f of def.fields) out[f.key] = values[f.key] ?? f.default;
  return out;
}

/**
 * The R chart form, built from GET rchartOptions (src/shared/rchart.ts): an analysis, then its
 * fields — survey, questions limited to the kinds a field accepts (from GET rchartOptions?survey=),
 * an answer of a chosen question, choices and numbers; fields with showWhen appear only then.
 * Values live in the chart's options.rchart; ChartForm checks them with RChartValues on save.
 */
export default function RChartForm({ value, onChange, errors, surveys }: { value: unknown; onChange: (v: Values) => void; errors: Record<string, string>; surveys: PickerSurvey[] }) {
  const [analyses, setAnalyses] = useState<RChartAnalysisDef[] | null>(null);
  const [questions, setQuestions] = useState<RQuestion[]>([]);
  const [failed, setFailed] = useState(false);
  const values = (value && typeof value === 'object' ? value : {}) as Values;
  const surveyId = typeof values.survey_id === 'number' ? values.survey_id : null;

  useEffect(() => {
    request<{ data: { analyses: RChartAnalysisDef[] } }>('GET', '/api/v2/rchartOptions')
      .then((r) => setAnalyses(r.data.analyses))
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    setQuestions([]);
    if (surveyId === null) return;
    request<{ data: { questions: RQuestion[] } }>('GET', `/api/v2/rchartOptions?survey=${surveyId}`)
      .then((r) => setQuestions(r.data.questions))
      .catch(() => setQuestions([]));
  }, [surveyId]);

  if (failed) return <p className="text-sm text-red-700">{t.unavailable}</p>;
  if (!analyses) return <p className="text-sm">{t.loading}</p>;
  const current = analyses.find((a) => a.key === values.analysis);
  const set = (key: string, v: unknown) => onChange({ ...values, [key]: v });

  const control = (f: RChartField) => {
    const v = values[f.key];
    const str = v === undefined || v === null ? '' : String(v);
    const select = (list: { value: string; label: string }[], toValue: (s: string) => unknown = (s) => s) => (
      <select className="rounded border px-2 py-1" value={str} aria-invalid={!!errors[f.key]} onChange={(e) => set(f.key, e.target.value === '' ? undefined : toValue(e.target.value))}>
        <option value="">{choose}</option>
        {list.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
    if (f.type === 'survey') return select(surveys.map((s) => ({ value: String(s.id), label: s.displayTitle })), Number);
    if (f.type === 'question') return select(questions.filter((q) => !f.kinds || f.kinds.includes(q.kind)).map((q) => ({ value: q.key, label: q.label === q.key ? q.key : `${q.key} – ${q.label}` })));
    if (f.type === 'option') return select((questions.find((q) => q.key === values[f.of ?? 'question'])?.options ?? []).map((o) => ({ value: o.code, label: o.label })));
    if (f.type === 'select') return select(f.choices ?? []);
    return <input type="number" className="w-28 rounded border px-2 py-1" min={f.min} max={f.max} value={str} aria-invalid={!!errors[f.key]} onChange={(e) => set(f.key, e.target.value === '' ? undefined : Number(e.target.value))} />;
  };

  return (
    <fieldset className="flex flex-col gap-2 text-sm" data-rchart-form>
      <legend className="mb-1 font-medium">{t.heading}</legend>
      <label className="flex flex-col gap-1">
        {t.analysis}
        <select className="rounded border px-2 py-1" value={current?.key ?? ''} aria-invalid={!!errors.analysis} onChange={(e) => { const def = analyses.find((a) => a.key === e.target.value); onChange(def ? withDefaults(def, values) : {}); }}>
          <option value="">{choose}</option>
          {analyses.map((a) => <option key={a.key} value={a.key}>{a.label}</option>)}
        </select>
        {errors.analysis && <span className="text-red-700">{errors.analysis}</span>}
      </label>
      {current?.description && <p className="text-gray-700">{current.description}</p>}
      {current?.fields
        .filter((f) => !f.showWhen || values[f.showWhen.field] === f.showWhen.equals)
        .map((f) => (
          <label key={f.key} className="flex flex-col gap-1">
            {f.label}
            {control(f)}
            {f.help && <span className="text-xs text-gray-600">{f.help}</span>}
            {errors[f.key] && <span className="text-red-700">{errors[f.key]}</span>}
          </label>
        ))}
    </fieldset>
  );
}
