import { useState } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { weightingNl } from '../../shared/i18n/weighting';
import type { WeightingQuestion, WeightingSchemeDto } from '../../shared/validation/weighting';
import { formatDate } from '../../shared/format';
import { url } from '../../shared/urls';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import WeightingForm from './WeightingForm';
import WeightingResult from './WeightingResult';
import { useHydrated } from '../use-hydrated';
import { confirmAction } from '../shell/confirm';

const t = weightingNl.screen;
const STATUS_CLASS: Record<WeightingSchemeDto['status'], string> = { current: 'bg-green-100 text-green-900', stale: 'bg-amber-100 text-amber-900', failed: 'bg-red-100 text-red-900' };

interface Props {
  surveyId: number;
  initial: WeightingSchemeDto[];
  questions: WeightingQuestion[];
}

/** Tab 'Weging' of a survey: its schemes, a form to define one, and the selected scheme's result. */
export default function WeightingSchemes({ surveyId, initial, questions }: Props) {
  // The buttons work only once the island runs: disabled in the server-rendered page until then.
  const hydrated = useHydrated();
  const [schemes, setSchemes] = useState(initial);
  const [editing, setEditing] = useState<WeightingSchemeDto | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(initial[0]?.id ?? null);
  const selected = schemes.find((s) => s.id === shown) ?? null;

  function saved(s: WeightingSchemeDto) {
    setSchemes((old) => (old.some((x) => x.id === s.id) ? old.map((x) => (x.id === s.id ? s : x)) : [...old, s]));
    setEditing(null);
    setShown(s.id);
  }
  async function remove(s: WeightingSchemeDto) {
    if (!(await confirmAction(t.confirmRemove(s.name)))) return;
    try {
      await api('DELETE', `/api/v2/survey/${surveyId}/weighting/${s.id}`);
      setSchemes((old) => old.filter((x) => x.id !== s.id));
      if (shown === s.id) setShown(null);
    } catch (err) {
      // The API client has shown the refusal as an alert.
      if (!(err instanceof ApiError)) throw err;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t.heading}</h2>
        <p className="text-sm text-gray-700">{t.intro}</p>
      </div>
      {schemes.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        // A list of cards rather than a table: the actions stay in view at phone width.
        <ul className="flex flex-col gap-3" aria-label={t.heading}>
          {schemes.map((s) => (
            <li key={s.id} className={`flex flex-col gap-2 rounded border p-3 text-sm ${shown === s.id ? 'border-brand' : 'border-gray-200'}`} data-testid="weighting-scheme">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h3 className="font-semibold">{s.name}</h3>
                <span className={`rounded px-2 py-0.5 text-xs ${STATUS_CLASS[s.status]}`}>{t.statusText[s.status]}</span>
                <span className="text-gray-700">{s.weighted_by}</span>
              </div>
              {s.error && <p className="text-xs text-red-800">{s.error}</p>}
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                {s.result && (
                  <>
                    <div className="flex gap-1"><dt className="text-gray-600">{t.effectiveN}:</dt><dd>{Math.round(s.result.effective_n).toLocaleString('nl-NL')}</dd></div>
                    <div className="flex gap-1"><dt className="text-gray-600">{t.designEffect}:</dt><dd>{s.result.design_effect.toLocaleString('nl-NL', { maximumFractionDigits: 2 })}</dd></div>
                  </>
                )}
                {(s.start_date || s.end_date) && <div className="flex gap-1"><dt className="text-gray-600">{t.period}:</dt><dd>{t.range(s.start_date && formatDate(s.start_date), s.end_date && formatDate(s.end_date))}</dd></div>}
              </dl>
              <div className="flex flex-wrap gap-2">
                {s.result && <button type="button" className={secondaryButtonClass} aria-pressed={shown === s.id} disabled={!hydrated} onClick={() => setShown(s.id)}>{t.show}<span className="sr-only"> {s.name}</span></button>}
                <button type="button" className={secondaryButtonClass} disabled={!hydrated} onClick={() => setEditing(s)}>{t.edit}<span className="sr-only"> {s.name}</span></button>
                <a className={secondaryButtonClass} href={url(`/api/v2/survey/${surveyId}/weighting/${s.id}/weights`)} download>{t.download}<span className="sr-only"> {s.name}</span></a>
                <button type="button" className={dangerButtonClass} disabled={!hydrated} onClick={() => void remove(s)}>{t.remove}<span className="sr-only"> {s.name}</span></button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <WeightingForm key={editing === 'new' ? 'new' : editing.id} surveyId={surveyId} questions={questions} scheme={editing === 'new' ? undefined : editing} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" className={`${buttonClass} self-start`} disabled={!hydrated} onClick={() => setEditing('new')}>{t.add}</button>
      )}
      {selected?.result && !editing && (
        <section className="flex flex-col gap-2" aria-labelledby="weighting-result-heading">
          <h3 id="weighting-result-heading" className="font-semibold">{selected.name} · {selected.weighted_by}</h3>
          <WeightingResult result={selected.result} labels={Object.fromEntries(selected.variables.map((v) => [v.column_key, v.label]))} />
        </section>
      )}
    </div>
  );
}
