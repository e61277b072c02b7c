import { useMemo, useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { filesNl as t } from '../../shared/i18n/admin-files';
import { confirmAction } from '../shell/confirm';
import { adminCall } from './call';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

interface FileView { key: string; size: number; type: string | null; uploaded: string | null; owner: string; project: string | null; orphan: boolean }

export const formatBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} kB` : `${(n / 1024 ** 2).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`);

/** /admin/files: every stored object with its owner; orphans can be removed. */
export default function FileList({ initial, canDelete }: { initial: FileView[]; canDelete: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [files, setFiles] = useState(initial);
  const [onlyOrphans, setOnlyOrphans] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useMemo(() => files.filter((f) => !onlyOrphans || f.orphan), [files, onlyOrphans]);
  const orphans = files.filter((f) => f.orphan).length;
  async function remove(f: FileView) {
    const res = await adminCall('DELETE', '/api/v2/admin/file', { key: f.key });
    setError(res.error ?? null);
    if (!res.error) setFiles((list) => list.filter((x) => x.key !== f.key));
  }
  return (
    <div ref={keepInput}>
      <p className="text-sm mb-3" aria-live="polite">{t.total(files.length, formatBytes(files.reduce((a, f) => a + f.size, 0)), orphans)}</p>
      <label className="inline-flex items-center gap-2 text-sm mb-3">
        <input type="checkbox" checked={onlyOrphans} onChange={(e) => setOnlyOrphans(e.target.checked)} /> {t.onlyOrphans}
      </label>
      {error && <p className="text-sm text-red-700 mb-2" role="alert">{error}</p>}
      {shown.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <ScrollRegion label={shellTexts.tableOf(t.title)}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left border-b"><th className="py-2 pr-3">{t.columns.key}</th><th className="py-2 pr-3">{t.columns.owner}</th><th className="py-2 pr-3 hidden md:table-cell">{t.columns.project}</th><th className="py-2 pr-3 text-right">{t.columns.size}</th><th className="py-2 pr-3 hidden md:table-cell">{t.columns.type}</th><th className="py-2 pr-3 hidden lg:table-cell">{t.columns.uploaded}</th><th className="py-2"><span className="sr-only">{t.columns.actions}</span></th></tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.key} className="border-b last:border-0 align-top">
                  <td className="py-2 pr-3 break-all max-w-64"><code>{f.key}</code></td>
                  <td className="py-2 pr-3">{f.owner}</td>
                  <td className="py-2 pr-3 hidden md:table-cell">{f.project ?? '—'}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatBytes(f.size)}</td>
                  <td className="py-2 pr-3 hidden md:table-cell">{f.type ?? '—'}</td>
                  <td className="py-2 pr-3 hidden lg:table-cell whitespace-nowrap">{f.uploaded ? formatDateTime(f.uploaded) : '—'}</td>
                  <td className="py-2 text-right">{canDelete && f.orphan && <button type="button" className="rounded border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50" onClick={async () => { if (await confirmAction(t.confirm(f.key), { title: t.remove, confirmText: t.remove })) void remove(f); }} aria-label={`${t.remove}: ${f.key}`}>{t.remove}</button>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
