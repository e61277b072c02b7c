import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { formatDate } from '../../shared/format';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { LicenceInput } from '../../shared/validation/projects';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass, issuesToErrors, TextField, type FieldErrors } from '../report-editor/fields';
import { useKeepEarlyInput } from '../early-input';

export interface Licence {
  id: number;
  start_date: string;
  end_date: string;
  note: string;
  state: 'active' | 'warning' | 'error' | 'future';
}

const stateClass = { active: 'bg-green-100 text-green-900', future: 'bg-gray-100 text-gray-800', warning: 'bg-orange-100 text-orange-900', error: 'bg-red-100 text-red-900' } as const;

function LicenceForm({ projectId, licence, onSaved }: { projectId: number; licence?: Licence; onSaved: (l: Licence) => void }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ start_date: licence?.start_date ?? '', end_date: licence?.end_date ?? '', note: licence?.note ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const prefix = licence ? `licence-${licence.id}` : 'licence-new';
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = LicenceInput.safeParse(values);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const path = licence ? `/api/v2/project/${projectId}/license/${licence.id}` : `/api/v2/project/${projectId}/license`;
      const res = await api<{ data: Licence }>(licence ? 'PUT' : 'POST', path, { body: parsed.data });
      onSaved(res.data);
      if (!licence) setValues({ start_date: '', end_date: '', note: '' });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  // Field names carry the licence id so the labels stay unique on the page.
  const named = (errs: FieldErrors) => Object.fromEntries(Object.entries(errs).map(([k, v]) => [`${prefix}-${k}`, v]));
  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start">
      <TextField name={`${prefix}-start_date`} label={t.startDate} type="date" errors={named(errors)} value={values.start_date} onChange={set('start_date')} />
      <TextField name={`${prefix}-end_date`} label={t.endDate} type="date" errors={named(errors)} value={values.end_date} onChange={set('end_date')} />
      <TextField name={`${prefix}-note`} label={t.note} errors={named(errors)} value={values.note} onChange={set('note')} />
      <button type="submit" className={`${buttonClass} sm:mt-5`} disabled={!hydrated || busy}>{licence ? t.save : t.add}</button>
    </form>
  );
}

/** Tab 'Licentie' of the project's edit page: the licence periods (start, end, note) and a new one. */
export default function LicenceEditor({ projectId, initial }: { projectId: number; initial: Licence[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [licences, setLicences] = useState(initial);
  const sorted = [...licences].sort((a, b) => b.end_date.localeCompare(a.end_date) || b.id - a.id);
  const saved = (l: Licence) => setLicences((list) => [...list.filter((x) => x.id !== l.id), l]);

  async function remove(l: Licence) {
    try {
      await api('DELETE', `/api/v2/project/${projectId}/license/${l.id}`);
      setLicences((list) => list.filter((x) => x.id !== l.id));
    } catch {
      // The client shows why (alert).
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      {sorted.length === 0 && <p className="text-sm text-gray-700">{t.noLicence}</p>}
      <ul className="flex flex-col gap-4" data-testid="licences">
        {sorted.map((l) => (
          <li key={l.id} className="flex flex-col gap-2 rounded border border-gray-200 p-4">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="flex-1 font-medium">{`${formatDate(l.start_date)} – ${formatDate(l.end_date)}`}</h3>
              <span className={`rounded px-2 py-0.5 text-xs ${stateClass[l.state]}`}>{t.licenceStates[l.state]}</span>
              <button type="button" className={dangerButtonClass} disabled={!hydrated} onClick={() => void remove(l)} aria-label={`${t.remove}: ${formatDate(l.start_date)} – ${formatDate(l.end_date)}`}>
                {t.remove}
              </button>
            </div>
            <LicenceForm key={`${l.id}-${l.end_date}`} projectId={projectId} licence={l} onSaved={saved} />
          </li>
        ))}
      </ul>
      <section className="flex flex-col gap-2" aria-labelledby="new-licence">
        <h3 id="new-licence" className="font-semibold">{t.newLicence}</h3>
        <LicenceForm projectId={projectId} onSaved={saved} />
      </section>
    </div>
  );
}
