import { useEffect, useState } from 'react';
import { api, BASE, request } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { confirmAction } from '../shell/confirm';

const t = surveysNl.edit;
interface Token { id: number; token: string; firstname: string; lastname: string; email: string; completed: string; usesleft: number }
const PER_PAGE = 25;
const who = (r: Token) => `${r.firstname} ${r.lastname}`.trim() || r.email || r.token;

/** Tab 'Tokens': paged list with search, toggle complete, CSV export (only with survey.tokens.export: codes with names and e-mail addresses are personal data). */
export default function TokenTable({ surveyId, canExport = false }: { surveyId: number; canExport?: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Token[] | null>(null);
  const [total, setTotal] = useState(0);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const timer = setTimeout(async () => {
      const q = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), ...(search ? { search } : {}) });
      const res = await request<{ data: Token[]; meta: { total: number } }>('GET', `/api/v2/survey/${surveyId}/token?${q}`).catch(() => null);
      if (res) {
        setRows(res.data);
        setTotal(res.meta.total);
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [surveyId, page, search, reload]);
  async function toggle(id: number) {
    const res = await api<{ data: Token }>('PUT', `/api/v2/survey/${surveyId}/token/toggle`, { body: { token_id: id } }).catch(() => null);
    if (res) setRows((current) => current?.map((r) => (r.id === id ? res.data : r)) ?? null);
  }
  // AVG art. 17 on request: name, e-mail, attributes and code go; the answers stay anonymous.
  async function erase(r: Token) {
    if (!(await confirmAction(t.confirmErase(who(r))))) return;
    const res = await api('POST', `/api/v2/survey/${surveyId}/token/${r.id}/erase`).catch(() => null);
    if (res) setReload((n) => n + 1);
  }
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <div ref={keepInput} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3 items-center">
        <input className="min-w-0 flex-1 basis-56 rounded border px-2 py-1" aria-label={t.search} placeholder={t.search} value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        {canExport ? <a className="rounded border border-brand px-3 py-1 text-brand hover:bg-brand-light" href={`${BASE}/api/v2/survey/${surveyId}/token/export`}>{t.export}</a> : null}
      </div>
      {/* Five columns do not fit a phone: the table scrolls in its own region, the page does not. */}
      <ScrollRegion label={t.tokensTable}>
        <table className="w-full text-sm">
          <thead className="bg-gray-100"><tr className="text-start">{['Token', 'Naam', 'E-mail', t.completed].map((h) => <th key={h} scope="col" className="px-2 py-1 text-start">{h}</th>)}<th scope="col" className="px-2 py-1"><span className="sr-only">{t.toggle}</span></th>{canExport ? <th scope="col" className="px-2 py-1"><span className="sr-only">{t.privacyActions}</span></th> : null}</tr></thead>
          <tbody>
            {(rows ?? []).map((r) => (
              <tr key={r.id} className="border-t">
                <td className="px-2 py-1 font-mono whitespace-nowrap">{r.token}</td>
                <td className="px-2 py-1">{`${r.firstname} ${r.lastname}`.trim() || '—'}</td>
                <td className="px-2 py-1">{r.email || '—'}</td>
                <td className="px-2 py-1 whitespace-nowrap">{r.completed === 'N' ? t.notCompleted : r.completed}</td>
                <td className="px-2 py-1 whitespace-nowrap"><button className="text-brand underline" type="button" onClick={() => toggle(r.id)}>{t.toggle}</button></td>
                {canExport ? (
                  <td className="px-2 py-1 whitespace-nowrap">
                    <a className="text-brand underline" href={`${BASE}/api/v2/survey/${surveyId}/token/${r.id}/personal-data`} aria-label={t.personalDataOf(who(r))}>{t.personalData}</a>
                    {' · '}
                    <button className="text-red-700 underline" type="button" onClick={() => void erase(r)} aria-label={t.eraseOf(who(r))}>{t.erase}</button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="flex gap-3 items-center text-sm">
        <button type="button" className="rounded border px-3 py-1 disabled:opacity-40" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t.previous}</button>
        <span>{page} / {pages} ({total.toLocaleString('nl-NL')})</span>
        <button type="button" className="rounded border px-3 py-1 disabled:opacity-40" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t.next}</button>
      </div>
    </div>
  );
}
