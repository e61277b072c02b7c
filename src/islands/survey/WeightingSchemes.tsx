import { useState } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { weightingNl } from '../../shared/i18n/weighting';
import type { WeightingQuestion, WeightingSchemeDto } from '../../shared/validation/weighting';
import { url } from '../../shared/urls';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import WeightingForm from './WeightingForm';
import WeightingResult from './WeightingResult';

const t = weightingNl.screen;
const STATUS_CLASS: Record<WeightingSchemeDto['status'], string> = { current: 'bg-green-100 text-green-900', stale: 'bg-amber-100 text-amber-900', failed: 'bg-red-100 text-red-900' };

interface Props {
  surveyId: number;
  initial: WeightingSchemeDto[];
  questions: WeightingQuestion[];
}

/** Tab 'Weging' of a survey: its schemes, a form to define one, and the selected scheme's result. */
export default function WeightingSchemes({ surveyId, initial, questions }: Props) {
  const [schemes, setSchemes] = useState(initial);
  const [editing, setEditing] = useState<WeightingSchemeDto | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(initial[0]?.id ?? null);
  const [alert, setAlert] = useState<string | null>(null);
  const selected = schemes.find((s) => s.id === shown) ?? null;

  function saved(s: WeightingSchemeDto) {
    setSchemes((old) => (old.some((x) => x.id === s.id) ? old.map((x) => (x.id === s.id ? s : x)) : [...old, s]));
    setEditing(null);
    setShown(s.id);
    setAlert(weightingNl.saved);
  }
  async function remove(s: WeightingSchemeDto) {
    if (!window.confirm(t.confirmRemove(s.name))) return;
    try {
      await api('DELETE', `/api/v2/survey/${surveyId}/weighting/${s.id}`);
      setSchemes((old) => old.filter((x) => x.id !== s.id));
      setAlert(weightingNl.deleted);
    } catch (err) {
      if (err instanceof ApiError) setAlert(err.message);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t.heading}</h2>
        <p className="text-sm text-gray-700">{t.intro}</p>
        {alert && <p role="status" className="text-sm text-green-800">{alert}</p>}
      </div>
      {schemes.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={`${t.heading} (tabel)`} tabIndex={0}>
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-gray-600">
                <th scope="col" className="pr-4">{t.name}</th>
                <th scope="col" className="pr-4">{t.variables}</th>
                <th scope="col" className="pr-4">{t.status}</th>
                <th scope="col" className="pr-4 text-right">{t.effectiveN}</th>
                <th scope="col" className="pr-4 text-right">{t.designEffect}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {schemes.map((s) => (
                <tr key={s.id} className="border-t border-gray-100 align-top">
                  <th scope="row" className="py-1 pr-4 text-left font-normal">{s.name}</th>
                  <td className="py-1 pr-4">{s.weighted_by}</td>
                  <td className="py-1 pr-4">
                    <span className={`rounded px-2 py-0.5 text-xs ${STATUS_CLASS[s.status]}`}>{t.statusText[s.status]}</span>
                    {s.error && <span className="block text-xs text-red-800">{s.error}</span>}
                  </td>
                  <td className="py-1 pr-4 text-right">{s.result ? Math.round(s.result.effective_n).toLocaleString('nl-NL') : '—'}</td>
                  <td className="py-1 pr-4 text-right">{s.result ? s.result.design_effect.toLocaleString('nl-NL', { maximumFractionDigits: 2 }) : '—'}</td>
                  <td className="flex flex-wrap gap-2 py-1">
                    <button type="button" className={secondaryButtonClass} aria-pressed={shown === s.id} onClick={() => setShown(s.id)}>{t.show}<span className="sr-only"> {s.name}</span></button>
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(s)}>{t.edit}<span className="sr-only"> {s.name}</span></button>
                    <a className={secondaryButtonClass} href={url(`/api/v2/survey/${surveyId}/weighting/${s.id}/weights`)} download>{t.download}<span className="sr-only"> {s.name}</span></a>
                    <button type="button" className={dangerButtonClass} onClick={() => void remove(s)}>{t.remove}<span className="sr-only"> {s.name}</span></button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <WeightingForm key={editing === 'new' ? 'new' : editing.id} surveyId={surveyId} questions={questions} scheme={editing === 'new' ? undefined : editing} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" className={`${buttonClass} self-start`} onClick={() => setEditing('new')}>{t.add}</button>
      )}
      {selected?.result && !editing && (
        <section className="flex flex-col gap-2" aria-labelledby="weighting-result-heading">
          <h3 id="weighting-result-heading" className="font-semibold">{selected.name} · {selected.weighted_by}</h3>
          <WeightingResult result={selected.result} />
        </section>
      )}
    </div>
  );
}
