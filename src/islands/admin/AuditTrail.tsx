import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { adminNl } from '../../shared/i18n/admin';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, auditActionLabel } from '../../shared/i18n/audit-actions';
import { shellTexts } from '../../shared/i18n/shell';
import { url } from '../../shared/urls';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';

export interface AuditRowView {
  id: number;
  action: string;
  resource: string;
  resource_id: number | null;
  summary: string;
  user_id: number | null;
  who: string | null;
  token_id: number | null;
  ip: string | null;
  result: string;
  created_at: string;
}

interface Filters { user_id: string; action: string; resource: string; from: string; to: string }
const EMPTY: Filters = { user_id: '', action: '', resource: '', from: '', to: '' };
const t = adminNl.audit;

const query = (f: Filters, after?: string | null) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  if (after) q.set('after', after);
  return q.toString();
};

/** /admin/audit: the trail filtered by user, action, resource and period, page by page, exported as CSV. */
export default function AuditTrail({ initial, next: firstNext, users }: { initial: AuditRowView[]; next: string | null; users: { id: number; name: string; email: string; deleted: boolean }[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [rows, setRows] = useState(initial);
  const [next, setNext] = useState(firstNext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load(f: Filters, after: string | null) {
    setBusy(true);
    try {
      const qs = query(f, after);
      const res = await api<{ data: AuditRowView[]; meta: { next: string | null } }>('GET', `/api/v2/admin/audit${qs ? `?${qs}` : ''}`);
      setRows((old) => (after ? [...old, ...res.data] : res.data));
      setNext(res.meta.next);
      setApplied(f);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(draft, null);
  };
  const field = 'mt-1 block w-full rounded border border-gray-400 px-2 py-1.5 text-sm';
  const exportHref = url(`/api/v2/admin/audit/export${query(applied) ? `?${query(applied)}` : ''}`);

  return (
    <div ref={keepInput}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 items-end mb-4" aria-label={t.apply} aria-busy={busy}>
        <div className="text-sm lg:col-span-2">
          <label htmlFor="audit-user_id">{t.filterUser}</label>
          <select id="audit-user_id" name="user_id" className={field} value={draft.user_id} onChange={(e) => setDraft({ ...draft, user_id: e.target.value })}>
            <option value="">{t.anyone}</option>
            {users.map((u) => <option key={u.id} value={String(u.id)}>{`${u.name} (${u.email})${u.deleted ? ' — verwijderd' : ''}`}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="audit-action">{t.filterAction}</label>
          <select id="audit-action" name="action" className={field} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">{t.any}</option>
            {Object.entries(AUDIT_ACTIONS).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="audit-resource">{t.filterResource}</label>
          <select id="audit-resource" name="resource" className={field} value={draft.resource} onChange={(e) => setDraft({ ...draft, resource: e.target.value })}>
            <option value="">{t.any}</option>
            {Object.entries(AUDIT_RESOURCES).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="audit-from">{t.filterFrom}</label>
          <input type="date" id="audit-from" name="from" className={field} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="text-sm">
          <label htmlFor="audit-to">{t.filterTo}</label>
          <input type="date" id="audit-to" name="to" className={field} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="rounded bg-brand px-3 py-1.5 text-sm font-medium text-white" disabled={busy}>{t.apply}</button>
          <button type="button" className="rounded border border-gray-500 px-3 py-1.5 text-sm" onClick={() => { setDraft(EMPTY); void load(EMPTY, null); }} disabled={busy}>{t.reset}</button>
          <a className="rounded border border-brand px-3 py-1.5 text-sm text-brand underline-offset-2 hover:underline" href={exportHref} download>{t.exportCsv}</a>
        </div>
      </form>
      {error && <p className="text-sm text-red-700 mb-2" role="alert">{error}</p>}
      <p className="text-sm mb-2" aria-live="polite">{t.shown(rows.length)}</p>
      {rows.length === 0 ? (
        <p className="text-sm">{t.noRows}</p>
      ) : (
        <ScrollRegion label={shellTexts.tableOf(t.trailTitle)}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left border-b">
                <th className="py-2 pr-3">{t.when}</th>
                <th className="py-2 pr-3">{t.who}</th>
                <th className="py-2 pr-3">{t.filterAction}</th>
                <th className="py-2 pr-3">{t.what}</th>
                <th className="py-2 pr-3 hidden md:table-cell">{t.result}</th>
                <th className="py-2 hidden lg:table-cell">{t.ip}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b last:border-0 align-top" data-action={r.action}>
                  <td className="py-2 pr-3 min-w-28 sm:whitespace-nowrap">{formatDateTime(r.created_at)}</td>
                  <td className="py-2 pr-3">{r.who ?? '—'}{r.token_id !== null && <span className="block text-xs text-gray-700">{t.viaToken(r.token_id)}</span>}</td>
                  <td className="py-2 pr-3">{auditActionLabel(r.action)}</td>
                  <td className="py-2 pr-3 break-words max-w-96">{r.summary}</td>
                  <td className="py-2 pr-3 hidden md:table-cell">{t.results[r.result] ?? r.result}</td>
                  <td className="py-2 hidden lg:table-cell whitespace-nowrap">{r.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {next && (
        <button type="button" className="mt-3 rounded border border-gray-500 px-3 py-1.5 text-sm" onClick={() => void load(applied, next)} disabled={busy}>{t.more}</button>
      )}
    </div>
  );
}
