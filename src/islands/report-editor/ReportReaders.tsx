import { useMemo, useState } from 'react';
import { api } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { matchesSearch } from '../overview/search';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.readers;

interface Person {
  id: number;
  fullname: string;
  email: string;
  group?: string | null;
}

/**
 * The report's explicit readers (PUT/DELETE report/{id}/user/{uid}); none = the whole project.
 * The candidates are the users of the project's company.
 */
export default function ReportReaders({ reportId, candidates, initial }: { reportId: number; candidates: Person[]; initial: Person[] }) {
  const keepInput = useKeepEarlyInput<HTMLFieldSetElement>();
  const hydrated = useHydrated();
  const [readers, setReaders] = useState(() => new Set(initial.map((p) => p.id)));
  const [busy, setBusy] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => candidates.filter((p) => matchesSearch([p.fullname, p.email], query)), [candidates, query]);

  async function toggle(id: number, on: boolean) {
    const before = readers;
    const next = new Set(before);
    if (on) next.add(id);
    else next.delete(id);
    // Shown at once; the answer (the full reader list) settles it, a failure undoes it.
    setReaders(next);
    setBusy(id);
    try {
      const res = await api<{ data: Person[] }>(on ? 'PUT' : 'DELETE', `/api/v2/report/${reportId}/user/${id}`);
      setReaders(new Set(res.data.map((p) => p.id)));
    } catch {
      setReaders(before);
    } finally {
      setBusy(null);
    }
  }

  return (
    // min-w-0: a fieldset is as wide as its widest content by default, and a long e-mail address
    // then widened the whole page on a phone; the list wraps long words instead (overflow-wrap inherits).
    <fieldset ref={keepInput} className="flex min-w-0 flex-col gap-2">
      <legend className="text-lg font-semibold">{t.heading}</legend>
      <p className="text-sm text-gray-600">{t.intro}</p>
      <p className="text-sm font-medium" role="status">{readers.size ? t.restricted(readers.size) : t.open}</p>
      <label className="flex max-w-md flex-col text-sm">
        <span className="sr-only">{t.search}</span>
        <input type="search" className="rounded border border-gray-400 px-2 py-1" placeholder={t.search} value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {shown.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <ul className="grid max-h-64 min-w-0 gap-1 overflow-y-auto [overflow-wrap:anywhere] sm:grid-cols-2">
          {shown.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={readers.has(p.id)} disabled={!hydrated || busy === p.id} onChange={(e) => toggle(p.id, e.target.checked)} />
                {p.fullname} <span className="text-gray-600">({p.email}){p.group ? ` · ${p.group}` : ''}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
