import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { ApiError, BASE, request } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { Dialog } from '../shell/Dialog';
import { useKeepEarlyInput } from '../early-input';
import { useHydrated } from '../use-hydrated';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

const t = surveysNl.browser;
interface Row { id: number; response_id: number | null; token: string | null; submit_date: string | null; start_date: string | null; last_page: number | null; start_language: string | null; complete: boolean }
interface Answer { key: string; code: string; question: string; subquestion: string | null; value: string | null; label: string | null; shown: boolean }
interface Detail extends Row { answers: Answer[] }
interface Filters { status: 'all' | 'complete' | 'incomplete'; from: string; to: string; token: string }

const PER_PAGE = 25;
const query = (f: Filters, extra: Record<string, string> = {}) =>
  new URLSearchParams(Object.entries({ status: f.status, from: f.from, to: f.to, token: f.token.trim(), ...extra }).filter(([, v]) => v !== '')).toString();

/**
 * The response browser on the 'Respons' tab (survey.edit only): filters by completion, date and
 * token, pages of 25, one response's answers with their question texts in a dialog, deleting a
 * response (a respondent's right to be forgotten) and the LimeSurvey CSV export of the filtered
 * responses.
 */
export default function ResponseBrowser({ surveyId }: { surveyId: number }) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<Filters>({ status: 'all', from: '', to: '', token: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [open, setOpen] = useState<Detail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');

  const load = useCallback(async () => {
    try {
      const res = await request<{ data: Row[]; meta: { total: number } }>('GET', `/api/v2/survey/${surveyId}/responses?${query(filters, { page: String(page), per_page: String(PER_PAGE) })}`);
      setRows(res.data);
      setTotal(res.meta.total);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      setRows([]);
    }
  }, [surveyId, filters, page]);
  useEffect(() => void load(), [load]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setPage(1);
    setFilters({ ...draft });
  }
  async function show(id: number) {
    setConfirming(false);
    setOpen((await request<{ data: Detail }>('GET', `/api/v2/survey/${surveyId}/responses/${id}`)).data);
  }
  async function remove(id: number) {
    await request('DELETE', `/api/v2/survey/${surveyId}/responses/${id}`);
    setOpen(null);
    setStatus(t.deleted);
    await load();
  }
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const field = (name: keyof Filters) => errors[name]?.[0];
  const cell = (v: string | number | null) => (v === null || v === '' ? '—' : v);
  return (
    <section ref={keepInput} className="flex flex-col gap-3" aria-labelledby="browser-heading">
      <h2 id="browser-heading" className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.privacy}</p>
      <form className="flex flex-wrap items-end gap-3 text-sm" onSubmit={submit} noValidate>
        <label className="flex flex-col gap-1">
          {t.status}
          <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as Filters['status'] })} className="rounded border border-gray-400 bg-white px-2 py-1">
            <option value="all">{t.all}</option>
            <option value="complete">{t.complete}</option>
            <option value="incomplete">{t.incomplete}</option>
          </select>
        </label>
        {(['from', 'to'] as const).map((name) => (
          <label key={name} className="flex flex-col gap-1">
            {t[name]}
            <input type="date" value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} aria-invalid={!!field(name)} className="rounded border border-gray-400 px-2 py-1" />
            {field(name) && <span className="text-red-700">{field(name)}</span>}
          </label>
        ))}
        <label className="flex flex-col gap-1">
          {t.token}
          <input type="search" value={draft.token} onChange={(e) => setDraft({ ...draft, token: e.target.value })} className="rounded border border-gray-400 px-2 py-1" />
        </label>
        <button type="submit" className="rounded bg-brand px-3 py-1.5 text-white disabled:opacity-50" disabled={!hydrated}>{t.filter}</button>
        <a className="rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand-light" href={`${BASE}/api/v2/survey/${surveyId}/responses/export?${query(filters)}`} download>
          {t.export}
        </a>
      </form>
      <p className="text-sm" aria-live="polite">{rows ? t.count(total) : ''}{status ? ` ${status}` : ''}</p>
      {rows && rows.length === 0 && <p className="text-sm text-gray-700">{t.none}</p>}
      {rows && rows.length > 0 && (
        <ScrollRegion label={shellTexts.tableOf(t.heading)}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t.heading}</caption>
            <thead className="bg-gray-100 text-start">
              <tr>
                {[t.id, t.status, t.submitted, t.started, t.token, t.lastPage, t.language].map((h) => <th key={h} scope="col" className="px-2 py-1 text-start">{h}</th>)}
                <th scope="col" className="px-2 py-1"><span className="sr-only">{t.open}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-gray-200">
                  <th scope="row" className="px-2 py-1 text-start font-medium">{r.response_id ?? r.id}</th>
                  <td className="whitespace-nowrap px-2 py-1">{r.complete ? t.complete : t.incomplete}</td>
                  <td className="whitespace-nowrap px-2 py-1">{cell(r.submit_date)}</td>
                  <td className="whitespace-nowrap px-2 py-1">{cell(r.start_date)}</td>
                  <td className="whitespace-nowrap px-2 py-1 font-mono">{cell(r.token)}</td>
                  <td className="px-2 py-1">{cell(r.last_page)}</td>
                  <td className="px-2 py-1">{cell(r.start_language)}</td>
                  <td className="px-2 py-1">
                    <button type="button" onClick={() => void show(r.id)} className="rounded border border-brand px-2 py-0.5 text-brand hover:bg-brand-light" aria-label={`${t.open}: ${t.answersOf(r.response_id ?? r.id)}`}>
                      {t.open}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {total > PER_PAGE && (
        <div className="flex items-center justify-end gap-3 text-sm">
          <span>{t.page(page, pages)}</span>
          <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)} className="rounded px-2 py-1 hover:bg-gray-100 disabled:opacity-40">{t.previous}</button>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="rounded px-2 py-1 hover:bg-gray-100 disabled:opacity-40">{t.next}</button>
        </div>
      )}
      {open && (
        <Dialog title={t.answersOf(open.response_id ?? open.id)} onClose={() => setOpen(null)} className="w-[min(900px,95vw)] max-h-[90vh]">
          <div className="flex flex-col gap-3">
            <p className="text-sm text-gray-700">
              {open.complete ? t.complete : t.incomplete} · {t.submitted}: {cell(open.submit_date)} · {t.token}: {cell(open.token)}
            </p>
            <table className="w-full text-sm">
              <caption className="sr-only">{t.answersOf(open.response_id ?? open.id)}</caption>
              <thead className="bg-gray-100">
                <tr><th scope="col" className="px-2 py-1 text-start">{t.question}</th><th scope="col" className="px-2 py-1 text-start">{t.answer}</th></tr>
              </thead>
              <tbody>
                {open.answers.map((a) => (
                  <tr key={a.key} className="border-t border-gray-200 align-top">
                    <th scope="row" className="px-2 py-1 text-start font-normal">
                      <code className="me-1 text-xs">{a.code}</code> {a.question}
                      {a.subquestion && <span className="block text-gray-600">{a.subquestion}</span>}
                    </th>
                    <td className="px-2 py-1 break-words">
                      {!a.shown ? <span className="text-gray-500">{t.notShown}</span> : a.value === '' ? <span className="text-gray-500">{t.empty}</span> : a.label ? `${a.label} (${a.value})` : a.value}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {!confirming ? (
              <button type="button" onClick={() => setConfirming(true)} className="self-start rounded border border-red-700 px-3 py-1 text-red-700 hover:bg-red-50">{t.delete}</button>
            ) : (
              <div role="alert" className="flex flex-col gap-2 rounded border border-red-300 bg-red-50 p-3 text-sm">
                <p>{t.confirmDelete(open.response_id ?? open.id)}</p>
                <div className="flex gap-2">
                  <button type="button" onClick={() => void remove(open.id)} className="rounded bg-red-700 px-3 py-1 text-white">{t.delete}</button>
                  <button type="button" onClick={() => setConfirming(false)} className="rounded border border-gray-400 px-3 py-1">{t.cancel}</button>
                </div>
              </div>
            )}
          </div>
        </Dialog>
      )}
    </section>
  );
}
