import { useState } from 'react';
import { api } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { url } from '../../shared/urls';
import { dangerButtonClass, SelectField } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = usersNl.base;

interface Props {
  id: number;
  fullname: string;
  /** Active colleagues of the same company who can take over the user's reports, projects and invitations. */
  colleagues: { id: number; fullname: string; group?: string | null }[];
}

/** DELETE user/{id}, or DELETE user/{id}/transfer/{tid}: hand everything over first, then delete. */
export default function UserDangerZone({ id, fullname, colleagues }: Props) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const hydrated = useHydrated();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(path: string, question: string) {
    if (!(await confirmAction(question))) return;
    setBusy(true);
    try {
      await api('DELETE', path);
      window.location.assign(url('/manage/user/overview'));
    } catch {
      // The API client shows why (last admin, not allowed …).
      setBusy(false);
    }
  }

  const target = colleagues.find((c) => String(c.id) === to);
  return (
    <section ref={keepInput} className="flex flex-col gap-3 rounded-lg border border-red-300 bg-white p-6 shadow" aria-labelledby="danger-title">
      <h2 id="danger-title" className="text-lg font-semibold">{t.danger}</h2>
      <p className="text-sm text-gray-700">{t.deleteIntro}</p>
      <button type="button" disabled={!hydrated || busy} className={`${dangerButtonClass} self-start`} onClick={() => run(`/api/v2/user/${id}`, t.confirmDelete(fullname))}>
        {t.delete}
      </button>
      {colleagues.length > 0 && (
        <div className="flex flex-col gap-2 border-t border-gray-200 pt-3">
          <p className="text-sm text-gray-700">{t.transferIntro}</p>
          <div className="flex flex-wrap items-end gap-2">
            <SelectField name="transfer_to" disabled={!hydrated} label={t.transferTo} errors={{}} value={to} onChange={setTo}>
              <option value="">{t.choose}</option>
              {colleagues.map((c) => <option key={c.id} value={c.id}>{c.group ? `${c.fullname} · ${c.group}` : c.fullname}</option>)}
            </SelectField>
            <button type="button" disabled={!hydrated || busy || !target} className={dangerButtonClass} onClick={() => target && run(`/api/v2/user/${id}/transfer/${target.id}`, t.confirmTransfer(fullname, target.fullname))}>
              {t.transfer}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
