import { useState } from 'react';
import { api } from '../../shared/api-client';
import { formatDate } from '../../shared/format';
import { panelsNl } from '../../shared/i18n/panels';
import type { PanelMember } from '../../shared/dto/panels';
import { useHydrated } from '../use-hydrated';
import { dangerButtonClass } from '../report-editor/fields';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.users;

/** Tab 'Deelnemers': members with join date and completeness; remove after a confirmation. */
export default function PanelMembers({ panelId, initial }: { panelId: number; initial: PanelMember[] }) {
  const hydrated = useHydrated();
  const [members, setMembers] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(m: PanelMember) {
    if (!(await confirmAction(t.removeConfirm(m.fullname)))) return;
    setBusy(m.id);
    try {
      await api('DELETE', `/api/v2/panel/${panelId}/user/${m.id}`);
      setMembers((list) => list.filter((x) => x.id !== m.id));
    } finally {
      setBusy(null);
    }
  }

  if (!members.length) return <p className="text-sm text-gray-700">{t.empty}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-700" aria-live="polite">{t.count(members.length)}</p>
      <ScrollRegion label={shellTexts.tableOf(t.title)}>
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="panel-members">
          <caption className="sr-only">{t.title}</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-3">{t.name}</th>
              <th scope="col" className="py-2 pr-3">{t.email}</th>
              <th scope="col" className="py-2 pr-3">{t.joined}</th>
              <th scope="col" className="py-2 pr-3">{t.completeness}</th>
              <th scope="col" className="py-2"><span className="sr-only">{t.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} className="border-b border-gray-200" data-member={m.id}>
                <td className="py-2 pr-3">{m.fullname}</td>
                <td className="py-2 pr-3 break-all">{m.email}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDate(m.joined_at)}</td>
                <td className="py-2 pr-3">
                  {m.fields === 0 ? t.noFields : t.complete(m.answered, m.fields)}
                  {m.required_missing > 0 && <span className="ml-1 font-semibold text-orange-800">({t.requiredMissing})</span>}
                </td>
                <td className="py-2 text-right">
                  <button type="button" className={dangerButtonClass} disabled={!hydrated || busy === m.id} onClick={() => remove(m)} aria-label={t.removeLabel(m.fullname)}>{t.remove}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
