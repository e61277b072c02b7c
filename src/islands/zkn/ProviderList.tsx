import { useState, type SubmitEvent } from 'react';
import { ApiError, request } from '../../shared/api-client';
import { zknNl } from '../../shared/i18n/zkn';
import { FileFormat } from './FileFormat';
import { MAX_RATINGS_BYTES, PROVIDER_TYPES } from '../../shared/validation/zkn';
import { uploadFile } from '../upload';
import { useHydrated } from '../use-hydrated';
import type { ProviderView } from './types';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';

const t = zknNl.screens;
interface ListView { items: ProviderView[]; total: number }

/** /ZorgkaartNederland/companies: search providers by name/place, type and AGB code; import a CSV (zkn.create). */
export default function ProviderList({ initial, canImport }: { initial: ListView; canImport: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [list, setList] = useState(initial);
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [agb, setAgb] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  async function load() {
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    if (type) params.set('type', type);
    if (agb.trim()) params.set('agb_code', agb.trim());
    setList((await request<{ data: ListView }>('GET', `/api/v2/zkn/company?${params}`)).data);
  }

  async function search(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (agb.trim() && !/^\d{8}$/.test(agb.trim())) return setSearchError(zknNl.agbInvalid);
    setSearchError(null);
    try {
      await load();
    } catch (err) {
      setSearchError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err));
    }
  }

  async function importFile(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setImportErrors([zknNl.file.none]);
    if (file.size > MAX_RATINGS_BYTES) return setImportErrors([zknNl.file.tooLarge]);
    setSending(true);
    try {
      await uploadFile('/api/v2/zkn/company/import', file, { showAlert: true });
      setImportErrors([]);
      await load();
    } catch (err) {
      setImportErrors(err instanceof ApiError ? (err.errors.file ?? [err.message]) : [String(err)]);
    } finally {
      setSending(false);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <section className="rounded-lg bg-white shadow p-4 sm:p-6" aria-labelledby="zkn-providers">
        <h2 id="zkn-providers" className="sr-only">{t.companies}</h2>
        <form role="search" className="flex flex-wrap items-end gap-3 mb-4" onSubmit={search} noValidate>
          <label className="flex flex-col gap-1 text-sm grow min-w-48">
            {t.search}
            <input className="rounded border border-gray-400 px-3 py-2" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t.type}
            <select className="rounded border border-gray-400 px-3 py-2" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t.allTypes}</option>
              {PROVIDER_TYPES.map((ty) => <option key={ty} value={ty}>{zknNl.types[ty]}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t.agbCode}
            <input className="rounded border border-gray-400 px-3 py-2 w-36" inputMode="numeric" maxLength={8} value={agb} onChange={(e) => setAgb(e.target.value)} aria-invalid={!!searchError} aria-describedby={searchError ? 'zkn-search-error' : undefined} />
          </label>
          <button className="rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated}>{t.filter}</button>
          {searchError && <p id="zkn-search-error" className="basis-full text-sm text-red-700">{searchError}</p>}
        </form>
        <p className="text-sm text-gray-700 mb-2" aria-live="polite">{t.shown(list.items.length, list.total)}</p>
        {list.items.length === 0 ? (
          <p className="text-sm">{t.noProviders}</p>
        ) : (
          <ScrollRegion label={t.companies}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left border-b">
                  <th className="py-2 pr-3">{zknNl.ranking.provider}</th>
                  <th className="py-2 pr-3">{t.type}</th>
                  <th className="py-2 pr-3">{t.agbCode}</th>
                  <th className="py-2 pr-3">{t.place}</th>
                  <th className="py-2 hidden sm:table-cell">{t.region}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((p) => (
                  <tr key={p.id} className="border-b last:border-0">
                    <td className="py-2 pr-3">{p.name}</td>
                    <td className="py-2 pr-3">{zknNl.types[p.type] ?? p.type}</td>
                    <td className="py-2 pr-3 tabular-nums">{p.agb_code}</td>
                    <td className="py-2 pr-3">{p.place || '—'}</td>
                    <td className="py-2 hidden sm:table-cell">{p.region || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      {canImport && (
        <section className="rounded-lg bg-white shadow p-4 sm:p-6" aria-labelledby="zkn-import">
          <h2 id="zkn-import" className="text-lg font-semibold mb-1">{t.importTitle}</h2>
          <FileFormat kind="providers" />
          <form method="post" className="flex flex-col gap-3 max-w-xl" onSubmit={importFile} noValidate>
            <label className="flex flex-col gap-1 text-sm">
              {t.importFile}
              <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-invalid={importErrors.length > 0} aria-describedby={importErrors.length ? 'zkn-import-error' : undefined} />
            </label>
            {importErrors.length > 0 && <ul id="zkn-import-error" className="text-sm text-red-700">{importErrors.map((m) => <li key={m}>{m}</li>)}</ul>}
            <button className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated || sending}>{t.importButton}</button>
          </form>
        </section>
      )}
    </div>
  );
}
