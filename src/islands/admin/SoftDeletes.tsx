import { useEffect, useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { adminNl } from '../../shared/i18n/admin';
import { confirmAction } from '../shell/confirm';
import { adminCall } from './call';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';
import { countNl } from '../../shared/i18n/count';

const t = adminNl.softDeletes;
const RESOURCES = ['project', 'report', 'survey', 'company', 'user', 'panel'] as const;
interface Deleted { resource: string; id: number; title: string; deleted_at: string; children: Record<string, number> }

/** Deleted items per resource: restore (with what was deleted with it) or delete for good. */
export default function SoftDeletes({ counts, canEdit, canDelete }: { counts: Record<string, number>; canEdit: boolean; canDelete: boolean }) {
  const [resource, setResource] = useState<string>(RESOURCES.find((r) => counts[r]) ?? 'project');
  const [items, setItems] = useState<Deleted[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The tabs' counts follow restores and purges: the tab acted on, and every resource a restore brought back with it.
  const [tabCounts, setTabCounts] = useState(counts);
  async function load(r = resource) {
    const res = await adminCall<Deleted[]>('GET', `/api/v2/admin/softDeletes/${r}`);
    setItems(res.data ?? []);
    setError(res.error ?? null);
    if (res.data) setTabCounts((c) => ({ ...c, [r]: res.data!.length }));
  }
  async function recount(list: readonly string[]) {
    const lists = await Promise.all(list.map((r) => adminCall<Deleted[]>('GET', `/api/v2/admin/softDeletes/${r}`)));
    setTabCounts((c) => ({ ...c, ...Object.fromEntries(list.flatMap((r, i) => (lists[i]!.data ? [[r, lists[i]!.data!.length]] : []))) }));
  }
  useEffect(() => void load(resource), [resource]);
  async function act(method: string, path: string) {
    const res = await adminCall<{ restored?: Record<string, number> }>(method, path);
    setError(res.error ?? null);
    await load();
    const others = Object.keys(res.data?.restored ?? {}).filter((r) => r !== resource && (RESOURCES as readonly string[]).includes(r));
    if (others.length) await recount(others);
  }
  async function purge(d: Deleted) {
    if (await confirmAction(t.confirmPurge(d.title), { title: t.purge, confirmText: t.purge })) await act('DELETE', `/api/v2/admin/softDelete/${d.resource}/delete/${d.id}`);
  }
  const what = (d: Deleted) => Object.entries(d.children).filter(([, n]) => n > 0).map(([k, n]) => countNl(n, t.children[k] ?? k)).join(', ');
  return (
    <div>
      <div role="tablist" aria-label={t.title} className="flex flex-wrap gap-1 mb-3">
        {RESOURCES.map((r) => (
          <button key={r} type="button" role="tab" aria-selected={r === resource} className={`rounded px-3 py-1 text-sm border ${r === resource ? 'bg-brand text-white border-brand' : 'border-gray-300 hover:bg-gray-100'}`} onClick={() => setResource(r)}>
            {adminNl.resources[r]} ({tabCounts[r] ?? 0})
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={adminNl.resources[resource]}>
        {error && <p className="text-sm text-red-700 mb-2" role="alert">{error}</p>}
        {items === null ? null : items.length === 0 ? (
          <p className="text-sm">{t.none}</p>
        ) : (
          <ScrollRegion label={shellTexts.tableOf(t.title)}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left border-b"><th className="py-2 pr-3">{adminNl.audit.what}</th><th className="py-2 pr-3">{t.deletedAt}</th><th className="py-2 pr-3">{t.withIt}</th><th className="py-2"><span className="sr-only">Acties</span></th></tr>
              </thead>
              <tbody>
                {items.map((d) => (
                  <tr key={d.id} className="border-b last:border-0 align-top">
                    <td className="py-2 pr-3">{d.title} <span className="text-gray-600">#{d.id}</span></td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(d.deleted_at)}</td>
                    <td className="py-2 pr-3">{what(d) || '—'}</td>
                    <td className="py-2 text-right whitespace-nowrap">
                      {canEdit && <button type="button" className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light mr-2" onClick={() => act('POST', `/api/v2/admin/softDelete/${d.resource}/restore/${d.id}`)} aria-label={`${t.restore}: ${d.title}`}>{t.restore}</button>}
                      {canDelete && <button type="button" className="rounded border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50" onClick={() => void purge(d)} aria-label={`${t.purge}: ${d.title}`}>{t.purge}</button>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
    </div>
  );
}
