import { useState } from 'react';
import { api } from '../../shared/api-client';
import { companiesNl } from '../../shared/i18n/companies';
import { buttonClass, dangerButtonClass, SelectField } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = companiesNl.admins;

interface Person {
  id: number;
  fullname: string;
  email: string;
  group?: string | null;
}

/** PUT/DELETE company/{id}/admin/{uid}: the company's admins (at least one stays; nobody removes themselves). */
export default function CompanyAdmins({ companyId, initial, candidates, selfId, editable }: { companyId: number; initial: Person[]; candidates: Person[]; selfId: number; editable: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [admins, setAdmins] = useState(initial);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const open = candidates.filter((c) => !admins.some((a) => a.id === c.id));

  async function change(method: 'PUT' | 'DELETE', userId: number) {
    setBusy(true);
    try {
      const res = await api<{ data: Person[] }>(method, `/api/v2/company/${companyId}/admin/${userId}`);
      setAdmins(res.data);
      setChosen('');
    } catch {
      // The alert says why (last admin, oneself …).
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-gray-700">{t.intro}</p>
      {admins.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="flex max-w-2xl flex-col divide-y divide-gray-200 rounded border border-gray-200">
          {admins.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {a.fullname} {a.id === selfId && <span className="text-gray-600">{t.you}</span>}
                <span className="block text-gray-600">{a.email}</span>
              </span>
              {editable && a.id !== selfId && (
                <button type="button" disabled={!hydrated || busy} className={dangerButtonClass} onClick={async () => (await confirmAction(t.confirmRemove(a.fullname))) && change('DELETE', a.id)} aria-label={`${t.remove}: ${a.fullname}`}>
                  {t.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && open.length > 0 && (
        <div className="grid grid-cols-[minmax(0,1fr)] items-end gap-2 sm:flex sm:flex-wrap">
          <SelectField name="admin" disabled={!hydrated} label={t.add} errors={{}} value={chosen} onChange={setChosen}>
            <option value="">{t.choose}</option>
            {open.map((c) => <option key={c.id} value={c.id}>{`${c.fullname} (${c.email})${c.group ? ` · ${c.group}` : ''}`}</option>)}
          </SelectField>
          <button type="button" className={buttonClass} disabled={!hydrated || busy || !chosen} onClick={() => change('PUT', Number(chosen))}>{t.add}</button>
        </div>
      )}
    </div>
  );
}
