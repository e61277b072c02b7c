import { useState } from 'react';
import { api } from '../../shared/api-client';
import { participateNl } from '../../shared/i18n/participate';
import { useHydrated } from '../use-hydrated';
import type { Fieldwork } from './types';

const t = participateNl.panels;

/** The panels the survey is fielded to (members get tokens and invitations), and linking another. */
export default function PanelFielding({ surveyId, fieldwork, onChanged }: { surveyId: number; fieldwork: Fieldwork; onChanged: () => void }) {
  const hydrated = useHydrated();
  const [choice, setChoice] = useState('');
  async function change(method: 'PUT' | 'DELETE', panelId: number) {
    const ok = await api(method, `/api/v2/survey/${surveyId}/panel/${panelId}`).then(() => true, () => false);
    if (ok) {
      setChoice('');
      onChanged();
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{t.intro}</p>
      {fieldwork.panels.length ? (
        <ul className="flex flex-col gap-2">
          {fieldwork.panels.map((p) => (
            <li key={p.id} className="flex gap-3 items-center text-sm">
              <span>{p.name} ({t.members(p.members)})</span>
              <button className="underline disabled:opacity-50" type="button" disabled={!hydrated} onClick={() => change('DELETE', p.id)}>{t.remove}</button>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm">{t.none}</p>}
      {fieldwork.available_panels.length ? (
        <div className="flex flex-wrap gap-3 items-end">
          <label className="flex flex-col gap-1 text-sm">
            {t.choose}
            <select className="border rounded px-2 py-1" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">—</option>
              {fieldwork.available_panels.map((p) => <option key={p.id} value={p.id}>{p.name} ({t.members(p.members)})</option>)}
            </select>
          </label>
          <button className="rounded border border-brand text-brand hover:bg-brand-light px-4 py-2 disabled:opacity-50" type="button" disabled={!hydrated || !choice} onClick={() => change('PUT', Number(choice))}>{t.add}</button>
        </div>
      ) : !fieldwork.panels.length && <p className="text-sm">{t.noPanels}</p>}
    </div>
  );
}
