import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = surveysNl.edit;
interface Accuracy { population_size: number | null; confidence_level: number | null; margin_of_error: number | null }

/** Tab 'Nauwkeurigheid': population size and confidence level; shows the resulting margin of error. */
export default function AccuracyForm({ surveyId, initial, completed }: { surveyId: number; initial: Accuracy; completed: number }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [population, setPopulation] = useState(initial.population_size?.toString() ?? '');
  const [confidence, setConfidence] = useState(String(initial.confidence_level ?? 95));
  const [margin, setMargin] = useState(initial.margin_of_error);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const res = await api<{ data: Accuracy }>('PUT', `/api/v2/survey/${surveyId}/accuracy`, { body: { population_size: population === '' ? null : population, confidence_level: confidence } });
      setMargin(res.data.margin_of_error);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }
  return (
    <form ref={keepInput} method="post" className="flex flex-col gap-4 max-w-md" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1 text-sm">
        {t.populationSize}
        <input className="border rounded px-2 py-1" inputMode="numeric" value={population} onChange={(e) => setPopulation(e.target.value)} aria-invalid={!!errors.population_size} />
        {errors.population_size && <span className="text-red-700">{errors.population_size[0]}</span>}
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {t.confidenceLevel}
        <select className="border rounded px-2 py-1" value={confidence} onChange={(e) => setConfidence(e.target.value)}>
          {[90, 95, 99].map((c) => <option key={c} value={c}>{c}%</option>)}
        </select>
      </label>
      <p className="text-sm">{t.completedResponses}: {completed.toLocaleString('nl-NL')} · {t.marginOfError}: {margin === null ? '—' : `± ${margin.toLocaleString('nl-NL')}%`}</p>
      <button className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated}>{t.save}</button>
    </form>
  );
}
