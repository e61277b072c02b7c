import { useState, type ReactNode, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { messages } from '../../shared/validation/messages';
import { useHydrated } from '../use-hydrated';
import { buttonClass, SelectField, type FieldErrors } from './fields';
import { confirmAction } from '../shell/confirm';

export interface SurveyChoice {
  id: number;
  displayTitle: string;
}

interface Props<T> {
  /** PUT path under /api/v2. */
  path: string;
  surveys: SurveyChoice[];
  labels: { survey: string; choose: string; none: string; submit: string };
  /** The rest of the body besides survey_id. */
  extra: Record<string, unknown>;
  /** Asked (window.confirm) before sending, when set. */
  confirm?: string;
  children?: ReactNode;
  onDone: (data: T) => void;
}

/** A form that PUTs `{ survey_id, …extra }`: the seed and response-chart tabs. */
export function SurveyForm<T>({ path, surveys, labels, extra, confirm, children, onDone }: Props<T>) {
  const hydrated = useHydrated();
  const [survey, setSurvey] = useState(surveys.length === 1 ? String(surveys[0]!.id) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  if (!surveys.length) return <p className="text-sm">{labels.none}</p>;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!survey) return setErrors({ survey_id: [messages.required] });
    if (confirm && !(await confirmAction(confirm))) return;
    setBusy(true);
    try {
      const res = await api<{ data: T }>('PUT', `/api/v2${path}`, { body: { survey_id: Number(survey), ...extra }, timeoutMs: 60_000 });
      setErrors({});
      onDone(res.data);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-3">
      <SelectField name="survey_id" label={labels.survey} errors={errors} value={survey} onChange={setSurvey}>
        <option value="">{labels.choose}</option>
        {surveys.map((s) => <option key={s.id} value={s.id}>{s.displayTitle}</option>)}
      </SelectField>
      {children}
      {Object.entries(errors).filter(([k]) => k !== 'survey_id').map(([k, v]) => <p key={k} className="text-sm text-red-700">{v[0]}</p>)}
      <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated || busy}>{labels.submit}</button>
    </form>
  );
}
