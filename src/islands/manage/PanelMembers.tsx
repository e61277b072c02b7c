import { useMemo, useState } from 'react';
import { api, BASE } from '../../shared/api-client';
import type { PanelMemberAccount } from '../../shared/dto/panels';
import { formatDate } from '../../shared/format';
import { panelsNl } from '../../shared/i18n/panels';
import { dangerButtonClass } from '../report-editor/fields';
import { matchesSearch } from '../overview/search';
import { useHydrated } from '../use-hydrated';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.accounts;

interface Props {
  initial: PanelMemberAccount[];
  /** Root users see every organisation's members: show the organisation column. */
  showCompany: boolean;
  /** Exports (the list, one member's data) are for the own organisation's members only. */
  ownCompanyId: number | null;
}

/**
 * The 'Panelleden' tab: the organisation's panel members (citizens, group Panellid) with count and
 * search; per member the right-of-access download, removal and erasure (GET/DELETE/POST
 * user/panel-member/…), and the CSV export of the list.
 */
export default function PanelMembers({ initial, showCompany, ownCompanyId }: Props) {
  const canExport = ownCompanyId !== null;
  const hydrated = useHydrated();
  const [rows, setRows] = useState(initial);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const shown = useMemo(() => rows.filter((r) => matchesSearch([r.fullname, r.email, r.company, ...r.panels.map((p) => p.name)], query)), [rows, query]);

  async function drop(row: PanelMemberAccount, erase: boolean) {
    if (!(await confirmAction(erase ? t.eraseConfirm(row.fullname) : t.removeConfirm(row.fullname)))) return;
    setBusy(row.id);
    try {
      if (erase) await api('POST', `/api/v2/user/panel-member/${row.id}/erase`, {});
      else await api('DELETE', `/api/v2/user/panel-member/${row.id}`);
      setRows((list) => list.filter((r) => r.id !== row.id));
      setNotice(erase ? t.erased : t.removed);
    } catch {
      // The API client shows the message.
    } finally {
      setBusy(null);
    }
  }

  const exportHref = `${BASE}/api/v2/user/panel-member/export${query.trim() ? `?q=${encodeURIComponent(query.trim())}` : ''}`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.searchLabel}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t.search} className="w-72 max-w-full rounded border border-gray-400 px-3 py-2 font-normal" />
        </label>
        {canExport && (
          <div className="flex flex-col items-start gap-1">
            <a href={exportHref} download className="rounded border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand-light" aria-describedby="panel-members-export-help">
              {t.export}
            </a>
            <span id="panel-members-export-help" className="max-w-sm text-xs text-gray-700">{t.exportHelp}</span>
          </div>
        )}
      </div>
      <p className="text-sm font-medium" role="status" data-testid="panel-members-count">
        {t.count(shown.length)}
      </p>
      {notice && <p className="rounded bg-green-50 px-3 py-2 text-sm text-green-900">{notice}</p>}
      {shown.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow" role="region" aria-label={t.title} tabIndex={0}>
          <table className="w-full text-sm" data-testid="panel-members">
            <caption className="sr-only">{t.title}</caption>
            <thead className="bg-gray-100">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">{t.name}</th>
                <th scope="col" className="px-3 py-2 text-start">{t.email}</th>
                {showCompany && <th scope="col" className="px-3 py-2 text-start">{t.company}</th>}
                <th scope="col" className="px-3 py-2 text-start">{t.panels}</th>
                <th scope="col" className="px-3 py-2 text-start">{t.since}</th>
                <th scope="col" className="px-3 py-2 text-start">{t.lastLogin}</th>
                <th scope="col" className="px-3 py-2 text-start">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.id} className="border-t border-gray-200 align-top">
                  <th scope="row" className="px-3 py-2 text-start font-medium">{r.fullname}</th>
                  <td className="px-3 py-2 break-all">{r.email}</td>
                  {showCompany && <td className="px-3 py-2">{r.company ?? '—'}</td>}
                  <td className="px-3 py-2">{r.panels.length ? r.panels.map((p) => p.name).join(', ') : '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.created_at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{r.last_login_at ? formatDate(r.last_login_at) : t.never}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-2">
                      {r.company_id === ownCompanyId && (
                        <a href={`${BASE}/api/v2/user/panel-member/${r.id}/personal-data`} download className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light" aria-label={t.personalDataLabel(r.fullname)}>
                          {t.personalData}
                        </a>
                      )}
                      <button type="button" disabled={!hydrated || busy === r.id} className="rounded border border-gray-500 px-2 py-1 hover:bg-gray-100 disabled:opacity-50" aria-label={t.removeLabel(r.fullname)} onClick={() => void drop(r, false)}>
                        {t.remove}
                      </button>
                      <button type="button" disabled={!hydrated || busy === r.id} className={dangerButtonClass} aria-label={t.eraseLabel(r.fullname)} onClick={() => void drop(r, true)}>
                        {t.erase}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
