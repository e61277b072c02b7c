import { useEffect, useState } from 'react';
import { api, BASE, request } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { useKeepEarlyInput } from '../early-input';

const t = surveysNl.edit;
interface Token { id: number; token: string; firstname: string; lastname: string; email: string; completed: string; usesleft: number }
const PER_PAGE = 25;

/** Tab 'Tokens': paged list with search, toggle complete, CSV export. */
export default function TokenTable({ surveyId }: { surveyId: number }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Token[] | null>(null);
  const [total, setTotal] = useState(0);
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
  }, [surveyId, page, search]);
  async function toggle(id: number) {
    const res = await api<{ data: Token }>('PUT', `/api/v2/survey/${surveyId}/token/toggle`, { body: { token_id: id } }).catch(() => null);
    if (res) setRows((current) => current?.map((r) => (r.id === id ? res.data : r)) ?? null);
  }
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <div ref={keepInput} className="flex flex-col gap-3">
      <div className="flex gap-3 items-center">
        <input className="border rounded px-2 py-1 flex-1" aria-label={t.search} placeholder={t.search} value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        <a className="rounded border px-3 py-1" href={`${BASE}/api/v2/survey/${surveyId}/token/export`}>{t.export}</a>
      </div>
      <table className="w-full text-sm">
        <thead><tr className="text-left"><th>Token</th><th>Naam</th><th>E-mail</th><th>{t.completed}</th><th /></tr></thead>
        <tbody>
          {(rows ?? []).map((r) => (
            <tr key={r.id} className="border-t">
              <td className="font-mono">{r.token}</td>
              <td>{`${r.firstname} ${r.lastname}`.trim() || '—'}</td>
              <td>{r.email || '—'}</td>
              <td>{r.completed === 'N' ? t.notCompleted : r.completed}</td>
              <td><button className="underline" type="button" onClick={() => toggle(r.id)}>{t.toggle}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex gap-3 items-center text-sm">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t.previous}</button>
        <span>{page} / {pages} ({total.toLocaleString('nl-NL')})</span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t.next}</button>
      </div>
    </div>
  );
}
