import { useState, type SubmitEvent } from 'react';
import { api, ApiError, BASE } from '../../shared/api-client';
import { indicatorsNl } from '../../shared/i18n/indicators';
import { INDICATOR_COMPARATORS, INDICATOR_METRICS, type IndicatorMetricKey } from '../../shared/lookups/indicators';
import { IndicatorInput } from '../../shared/validation/indicators';
import type { IndicatorChoices } from '../../shared/dto/indicator-choices';
import { useHydrated } from '../use-hydrated';
import { buttonClass, CheckField, dangerButtonClass, issuesToErrors, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = indicatorsNl.form;

export interface IndicatorValues {
  title: string;
  survey_id: string;
  metric: IndicatorMetricKey;
  column_key: string;
  answer_code: string;
  filter_option_ids: number[];
  comparator: string;
  threshold: string;
  start_date: string;
  end_date: string;
  active: boolean;
  /** A weighting scheme id, '' = unweighted. */
  weighting_id: string;
}

interface Props {
  projectId: number;
  /** Given: PUT indicator/{id}; else POST indicator. */
  indicatorId?: number;
  initial: IndicatorValues;
  choices: IndicatorChoices;
}

/** /indicator/new and /indicator/:id/edit: what the indicator watches, for whom, against which threshold, when. */
export default function IndicatorForm({ projectId, indicatorId, initial, choices }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [v, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof IndicatorValues>(key: K) => (value: IndicatorValues[K]) => setValues((old) => ({ ...old, [key]: value }));
  const survey = choices.surveys.find((s) => String(s.id) === v.survey_id);
  const questions = survey?.columns.filter((c) => c.metrics.includes(v.metric)) ?? [];
  const question = questions.find((c) => c.key === v.column_key);
  const categories = choices.categories.filter((c) => String(c.survey_id) === v.survey_id);
  const back = `${BASE}/project/${projectId}/notifications`;

  function toggleOption(id: number, on: boolean) {
    setValues((old) => ({ ...old, filter_option_ids: on ? [...old.filter_option_ids, id] : old.filter_option_ids.filter((x) => x !== id) }));
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = {
      ...v,
      project_id: projectId,
      column_key: v.metric === 'responses' ? null : v.column_key,
      answer_code: v.metric === 'percentage' ? v.answer_code : null,
      filter_option_ids: v.filter_option_ids.filter((id) => categories.some((c) => c.options.some((o) => o.id === id))),
      weighting_id: v.metric === 'responses' || !survey?.schemes.some((s) => String(s.id) === v.weighting_id) ? null : v.weighting_id,
    };
    const parsed = IndicatorInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const { project_id: _p, ...update } = parsed.data;
      await api(indicatorId ? 'PUT' : 'POST', indicatorId ? `/api/v2/indicator/${indicatorId}` : '/api/v2/indicator', { body: indicatorId ? update : parsed.data });
      window.location.assign(back);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      setBusy(false);
    }
  }

  async function remove() {
    if (!indicatorId || !(await confirmAction(t.removeConfirm(initial.title)))) return;
    try {
      await api('DELETE', `/api/v2/indicator/${indicatorId}`);
      window.location.assign(back);
    } catch {
      // The client shows why (alert).
    }
  }

  if (!choices.surveys.length) return <p className="text-sm text-gray-700">{t.noSurvey}</p>;
  return (
    <form ref={keepInput} method="post" noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      <TextField name="title" label={t.title} errors={errors} value={v.title} onChange={set('title')} />
      <SelectField name="survey_id" label={t.survey} errors={errors} value={v.survey_id} onChange={(s) => setValues((old) => ({ ...old, survey_id: s, column_key: '', answer_code: '', filter_option_ids: [], weighting_id: '' }))}>
        {choices.surveys.map((s) => (
          <option key={s.id} value={s.id}>{s.displayTitle}</option>
        ))}
      </SelectField>
      <SelectField name="metric" label={t.metric} errors={errors} value={v.metric} onChange={(m) => setValues((old) => ({ ...old, metric: m as IndicatorMetricKey, column_key: '', answer_code: '' }))}>
        {INDICATOR_METRICS.map((m) => (
          <option key={m} value={m}>{indicatorsNl.metrics[m]}</option>
        ))}
      </SelectField>
      {v.metric !== 'responses' && (
        <SelectField name="column_key" label={t.question} errors={errors} value={v.column_key} onChange={(c) => setValues((old) => ({ ...old, column_key: c, answer_code: '' }))}>
          <option value="">{t.chooseQuestion}</option>
          {questions.map((c) => (
            <option key={c.key} value={c.key}>{c.label}</option>
          ))}
        </SelectField>
      )}
      {v.metric === 'percentage' && (
        <SelectField name="answer_code" label={t.answer} errors={errors} value={v.answer_code} onChange={set('answer_code')}>
          <option value="">{t.chooseAnswer}</option>
          {question?.answers.map((a) => (
            <option key={a.code} value={a.code}>{a.label}</option>
          ))}
        </SelectField>
      )}
      {v.metric !== 'responses' && (survey?.schemes.length ?? 0) > 0 && (
        <div className="flex flex-col gap-1">
          <SelectField name="weighting_id" label={t.weighting} errors={errors} value={v.weighting_id} onChange={set('weighting_id')}>
            <option value="">{t.unweighted}</option>
            {survey!.schemes.map((s) => (
              <option key={s.id} value={String(s.id)}>{s.name}</option>
            ))}
          </SelectField>
          <p className="text-xs text-gray-700">{t.weightingHelp}</p>
        </div>
      )}
      {categories.length > 0 && (
        <fieldset className="flex flex-col gap-2 rounded border border-gray-300 p-3">
          <legend className="px-1 text-sm font-medium">{t.filters}</legend>
          <p className="text-xs text-gray-700">{t.filtersHelp}</p>
          {errors.filter_option_ids && <p className="text-sm text-red-700">{errors.filter_option_ids[0]}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            {categories.map((c) => (
              <fieldset key={c.id} className="flex flex-col gap-1">
                <legend className="text-sm font-semibold">{c.title}</legend>
                {c.options.map((o) => (
                  <label key={o.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={v.filter_option_ids.includes(o.id)} onChange={(e) => toggleOption(o.id, e.target.checked)} />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="comparator" label={t.comparator} errors={errors} value={v.comparator} onChange={set('comparator')}>
          {INDICATOR_COMPARATORS.map((c) => (
            <option key={c} value={c}>{indicatorsNl.comparators[c]}</option>
          ))}
        </SelectField>
        <TextField name="threshold" label={t.threshold} errors={errors} value={v.threshold} onChange={set('threshold')} inputMode="numeric" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="start_date" label={t.startDate} type="date" errors={errors} value={v.start_date} onChange={set('start_date')} />
        <TextField name="end_date" label={t.endDate} type="date" errors={errors} value={v.end_date} onChange={set('end_date')} />
      </div>
      <p className="-mt-2 text-xs text-gray-700">{t.periodHelp}</p>
      <CheckField name="active" label={t.active} checked={v.active} onChange={set('active')} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{indicatorId ? t.save : t.create}</button>
        {indicatorId && (
          <button type="button" className={dangerButtonClass} disabled={!hydrated} onClick={remove}>{t.remove}</button>
        )}
      </div>
    </form>
  );
}
