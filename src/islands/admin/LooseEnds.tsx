import { useState } from 'react';
import { looseEndsNl as t } from '../../shared/i18n/admin-loose-ends';
import { confirmAction } from '../shell/confirm';
import { adminCall } from './call';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

interface LooseEnd { type: string; id: number; title: string; reason: string; removes: string; error?: string | null; restartable?: boolean }
const TYPES = ['Report', 'Company', 'Section', 'Chart', 'Project', 'User', 'Panel', 'FailedJob', 'DataLocation'] as const;

/** /admin/loose-ends: one tab per type; each row says why it is listed and what deleting removes. */
export default function LooseEnds({ initial, initialTab }: { initial: Record<string, LooseEnd[]>; initialTab: string }) {
  const [data, setData] = useState(initial);
  const [tab, setTab] = useState<string>(TYPES.includes(initialTab as never) ? initialTab : 'Report');
  const [error, setError] = useState<string | null>(null);
  async function reload() {
    const res = await adminCall<Record<string, LooseEnd[]>>('GET', '/api/v2/admin/looseEnds');
    if (res.data) setData(res.data);
  }
  async function run(method: string, path: string) {
    const res = await adminCall(method, path);
    setError(res.error ?? null);
    await reload();
  }
  function choose(type: string) {
    setTab(type);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', type);
    window.history.replaceState(null, '', url);
  }
  const rows = data[tab] ?? [];
  return (
    <div>
      <div role="tablist" aria-label={t.title} className="flex flex-wrap gap-1 mb-4">
        {TYPES.map((type) => (
          <button key={type} type="button" role="tab" id={`tab-${type}`} aria-selected={type === tab} aria-controls="loose-panel" className={`rounded px-3 py-1 text-sm border ${type === tab ? 'bg-brand text-white border-brand' : 'border-gray-300 bg-white hover:bg-gray-100'}`} onClick={() => choose(type)}>
            {t.tabs[type]} ({data[type]?.length ?? 0})
          </button>
        ))}
      </div>
      <section id="loose-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="rounded-lg bg-white shadow p-4 sm:p-6">
        {error && <p className="text-sm text-red-700 mb-2" role="alert">{error}</p>}
        {rows.length === 0 ? (
          <p className="text-sm">{t.none}</p>
        ) : (
          <ScrollRegion label={shellTexts.tableOf(t.title)}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left border-b"><th className="py-2 pr-3">{t.columns.item}</th><th className="py-2 pr-3">{t.columns.reason}</th><th className="py-2 pr-3 hidden md:table-cell">{t.columns.removes}</th><th className="py-2"><span className="sr-only">{t.columns.actions}</span></th></tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b last:border-0 align-top">
                    <td className="py-2 pr-3">{r.title}</td>
                    <td className="py-2 pr-3">{r.reason}{r.error && <div className="text-xs text-red-700 mt-1">{r.error}</div>}</td>
                    <td className="py-2 pr-3 hidden md:table-cell">{r.removes}</td>
                    <td className="py-2 text-right whitespace-nowrap">
                      {r.restartable && <button type="button" className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light mr-2" onClick={() => run('POST', `/api/v2/admin/job/${r.id}/restart`)} aria-label={`${t.restart}: ${r.title}`}>{t.restart}</button>}
                      <button type="button" className="rounded border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50" onClick={async () => { if (await confirmAction(t.confirmDelete(r.title, r.removes), { title: t.delete, confirmText: t.delete })) void run('DELETE', `/api/v2/admin/looseEnd/${r.id}?type=${r.type}`); }} aria-label={`${t.delete}: ${r.title}`}>{t.delete}</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
