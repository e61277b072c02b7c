import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { api, ApiError, request } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { useHydrated } from '../use-hydrated';
import { nMethodsOf, needsSubquestion, questionColumn, subquestionChoices, usableQuestion, type ColumnChoice, type PickerQuestion, type PickerSub } from './column-key';
import type { DataLocation } from './editor.store';

const t = chartEditorNl.datasets;
export const N_METHODS = ['respondents', 'answers', 'total'] as const;

export interface PickerSurvey {
  id: number;
  displayTitle: string;
  hasTokens: boolean;
  languages: string[];
}

interface Props {
  chartId: number;
  /** Surveys of the report's project that have tokens, sorted by displayTitle. */
  surveys: PickerSurvey[];
  onAdded: (location: DataLocation) => void;
}

/**
 * Add a dataset: survey (only surveys with tokens), language (only when the survey has several),
 * question (required), subquestion (required when the question has subquestions), N method and
 * an optional label; POST dataLocation. The API checks the column against the survey's cube.
 */
export default function QuestionPicker({ chartId, surveys, onAdded }: Props) {
  const hydrated = useHydrated();
  const uid = useId();
  const [surveyId, setSurveyId] = useState<number | null>(surveys.length === 1 ? surveys[0]!.id : null);
  const survey = surveys.find((s) => s.id === surveyId) ?? null;
  const [lang, setLang] = useState<string | null>(null);
  const [questions, setQuestions] = useState<PickerQuestion[] | null>(null);
  const [qid, setQid] = useState<number | null>(null);
  const [subs, setSubs] = useState<ColumnChoice[]>([]);
  const [column, setColumn] = useState('');
  const [nMethod, setNMethod] = useState<(typeof N_METHODS)[number]>('respondents');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const question = questions?.find((q) => q.id === qid) ?? null;
  // Only the methods that apply to the chosen question (multiple choice also counts answers).
  const methods = nMethodsOf(question?.type);
  const method = methods.includes(nMethod) ? nMethod : 'respondents';
  const language = lang ?? survey?.languages[0] ?? 'nl';

  useEffect(() => {
    setQuestions(null);
    setQid(null);
    if (!survey) return;
    request<{ data: PickerQuestion[] }>('GET', `/api/v2/survey/${survey.id}/question/${language}`)
      .then((r) => setQuestions(r.data.filter(usableQuestion)))
      .catch(() => setQuestions([]));
  }, [surveyId, language]);

  useEffect(() => {
    setSubs([]);
    setColumn('');
    if (!survey || !question) return;
    if (!needsSubquestion(question)) return setColumn(questionColumn(question));
    request<{ data: PickerSub[] }>('GET', `/api/v2/survey/${survey.id}/question/${question.id}/sub/${language}`)
      .then((r) => setSubs(subquestionChoices(question, r.data)))
      .catch(() => setSubs([]));
  }, [qid, questions]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!survey) errs.survey_id = t.surveyRequired;
    else if (!question) errs.question = t.questionRequired;
    else if (!column) errs.column_key = t.subquestionRequired;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      const res = await api<{ data: DataLocation }>('POST', '/api/v2/dataLocation', {
        body: { chart_id: chartId, survey_id: survey!.id, column_key: column, n_method: method, label: label.trim() || null },
      });
      onAdded(res.data);
      setLabel('');
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
    }
  }

  const err = (key: string) => errors[key] && <span id={`${uid}-${key}`} className="text-red-700">{errors[key]}</span>;
  if (!surveys.length) return <p className="text-sm">{t.noSurveys}</p>;
  return (
    <form method="post" className="flex flex-col gap-3 rounded border p-3" onSubmit={submit} noValidate aria-labelledby={`${uid}-h`}>
      <h3 id={`${uid}-h`} className="font-medium">{t.add}</h3>
      <p className="text-xs text-gray-600">{t.onlyTokens}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t.survey}
          <select className="w-full min-w-0 rounded border px-2 py-1" value={surveyId ?? ''} aria-invalid={!!errors.survey_id} onChange={(e) => { setSurveyId(e.target.value ? Number(e.target.value) : null); setLang(null); }}>
            <option value="">{t.choose}</option>
            {surveys.map((s) => <option key={s.id} value={s.id}>{s.displayTitle}</option>)}
          </select>
          {err('survey_id')}
        </label>
        {survey && survey.languages.length > 1 && (
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            {t.language}
            <select className="w-full min-w-0 rounded border px-2 py-1" value={language} onChange={(e) => setLang(e.target.value)}>
              {survey.languages.map((l) => <option key={l} value={l}>{l}</option>)}
            </select>
          </label>
        )}
        <label className="flex min-w-0 flex-col gap-1 text-sm sm:col-span-2">
          {t.question}
          <select className="w-full min-w-0 rounded border px-2 py-1" value={qid ?? ''} disabled={!questions} aria-invalid={!!errors.question} onChange={(e) => setQid(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{questions ? t.choose : t.loadingQuestions}</option>
            {questions?.map((q) => <option key={q.id} value={q.id}>{`${q.code} – ${q.question}`}</option>)}
          </select>
          {err('question')}
        </label>
        {question && needsSubquestion(question) && (
          <label className="flex min-w-0 flex-col gap-1 text-sm sm:col-span-2">
            {t.subquestion}
            <select className="w-full min-w-0 rounded border px-2 py-1" value={column} aria-invalid={!!errors.column_key} onChange={(e) => setColumn(e.target.value)}>
              <option value="">{t.choose}</option>
              {subs.map((s) => <option key={s.key} value={s.key}>{s.label}</option>)}
            </select>
          </label>
        )}
        {err('column_key')}
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t.nMethod}
          <select className="w-full min-w-0 rounded border px-2 py-1" value={method} onChange={(e) => setNMethod(e.target.value as typeof nMethod)}>
            {methods.map((m) => <option key={m} value={m}>{chartEditorNl.nMethods[m]}</option>)}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t.label}
          <input className="w-full min-w-0 rounded border px-2 py-1" value={label} maxLength={191} onChange={(e) => setLabel(e.target.value)} />
          {err('label')}
        </label>
      </div>
      <button type="submit" className="self-start rounded bg-brand px-4 py-2 text-white hover:bg-brand-dark disabled:opacity-50" disabled={!hydrated}>{t.add}</button>
    </form>
  );
}
