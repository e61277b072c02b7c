import { useState } from 'react';
import type { ArchivedReport } from '../../shared/dto/archived-report';
import { api } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { useHydrated } from '../use-hydrated';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

const t = reportEditorNl.overview;

/** The archive tab: archived reports with a 'Uit archief halen' button (PUT report/{id}/dearchive). */
export default function ArchivedReports({ reports, canEdit }: { reports: ArchivedReport[]; canEdit: boolean }) {
  const hydrated = useHydrated();
  const [list, setList] = useState(reports);
  const [busy, setBusy] = useState<number | null>(null);

  async function dearchive(id: number) {
    setBusy(id);
    try {
      await api('PUT', `/api/v2/report/${id}/dearchive`);
      setList((l) => l.filter((r) => r.id !== id));
    } catch {
      // The API client already showed the error alert.
    } finally {
      setBusy(null);
    }
  }

  if (!list.length) return <p className="rounded bg-white p-6 text-center text-gray-700 shadow">{t.noArchived}</p>;
  return (
    <ScrollRegion label={shellTexts.tableOf(t.tabs.archived)} frameClassName="bg-white shadow">
      <table className="w-full text-sm">
        <caption className="sr-only">{t.tabs.archived}</caption>
        <thead className="bg-gray-100">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">Titel</th>
            <th scope="col" className="px-3 py-2 text-start">{t.project}</th>
            <th scope="col" className="px-3 py-2 text-start">{t.archivedAt}</th>
            <th scope="col" className="px-3 py-2 text-start"><span className="sr-only">Acties</span></th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.id} className="border-t border-gray-200">
              <th scope="row" className="px-3 py-2 text-start font-medium">{r.title}</th>
              <td className="px-3 py-2">{r.project || '—'}</td>
              <td className="px-3 py-2">{r.archivedAt}</td>
              <td className="px-3 py-2">
                {canEdit && (
                  <button type="button" disabled={!hydrated || busy === r.id} onClick={() => dearchive(r.id)} aria-label={`${t.dearchive}: ${r.title}`} className="rounded border border-brand px-3 py-1 text-brand hover:bg-brand-light disabled:opacity-50">
                    {t.dearchive}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
