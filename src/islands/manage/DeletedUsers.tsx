import { useState } from 'react';
import { api } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { usersNl } from '../../shared/i18n/users';
import { useHydrated } from '../use-hydrated';

const t = usersNl.overview;

interface Row {
  id: number;
  fullname: string;
  email: string;
  deleted_at: string | null;
}

/** Soft-deleted users of the company: an admin restores them (PUT user/{id}/restore). */
export default function DeletedUsers({ initial }: { initial: Row[] }) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  async function restore(id: number) {
    setBusy(id);
    try {
      await api('PUT', `/api/v2/user/${id}/restore`);
      setRows((list) => list.filter((r) => r.id !== id));
    } catch {
      // The API client shows the message.
    } finally {
      setBusy(null);
    }
  }
  return (
    <details className="rounded-lg bg-white p-4 shadow">
      <summary className="cursor-pointer font-semibold">{`${t.deletedTitle} (${rows.length})`}</summary>
      <p className="mt-2 text-sm text-gray-700">{t.deletedIntro}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm">{t.noDeleted}</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-gray-200">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                {r.fullname} <span className="text-gray-600">({r.email})</span>
                {r.deleted_at && <span className="block text-gray-600">{`${t.deletedOn} ${formatDateTime(r.deleted_at)}`}</span>}
              </span>
              <button type="button" disabled={!hydrated || busy === r.id} onClick={() => restore(r.id)} className="rounded border border-brand px-3 py-1 text-brand hover:bg-brand-light disabled:opacity-50">
                {t.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
