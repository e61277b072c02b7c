import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { api } from '../../shared/api-client';
import { reportViewNl } from '../../shared/i18n/report-view';
import { Dialog } from '../shell/Dialog';
import { useHydrated } from '../use-hydrated';
import { LABEL_MAX, sameBenchmarks } from './benchmarks';
import { fromQueryString, toQueryString } from './bookmark-format';
import { $benchmarks, $limits, removeAllBenchmarks, replaceBenchmarks } from './report.store';

const t = reportViewNl.bookmarks;

export interface BookmarkItem {
  id: number;
  name: string;
  query_string: string;
}

interface Props {
  reportId: number;
  initial: BookmarkItem[];
  /** Saving and deleting need dashboard.edit (the bookmark routes' guard). */
  canEdit: boolean;
  optionCategory: Map<number, number>;
}

/**
 * Saved breakdowns (spec 001 §4): choosing one replaces the benchmarks, 'none' resets them; the
 * chosen one is whichever equals the current benchmarks, so saving is disabled for a saved view.
 */
export function Bookmarks({ reportId, initial, canEdit, optionCategory }: Props) {
  const hydrated = useHydrated();
  const list = useStore($benchmarks);
  const limits = useStore($limits);
  const [bookmarks, setBookmarks] = useState(initial);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const parsed = useMemo(() => bookmarks.map((b) => ({ ...b, benchmarks: fromQueryString(b.query_string, limits) })), [bookmarks, limits]);
  const current = parsed.find((b) => b.benchmarks && sameBenchmarks(b.benchmarks, list, limits)) ?? null;
  const path = `/api/v2/report/${reportId}/reportBookmark`;

  function choose(id: string) {
    const found = parsed.find((b) => String(b.id) === id);
    if (found?.benchmarks) replaceBenchmarks(found.benchmarks);
    else removeAllBenchmarks();
  }
  async function save() {
    const trimmed = name.trim();
    if (!trimmed) return setError(reportViewNl.required);
    try {
      const res = await api<{ data: BookmarkItem }>('POST', path, { body: { name: trimmed, query_string: toQueryString(list, limits, optionCategory) } });
      setBookmarks((all) => [...all, res.data]);
      setName('');
      setError(null);
    } catch {
      // The API client already showed the error alert.
    }
  }
  async function remove() {
    if (!current) return;
    setConfirming(false);
    try {
      await api('DELETE', `${path}/${current.id}`);
      setBookmarks((all) => all.filter((b) => b.id !== current.id));
    } catch {
      // Alert shown by the API client.
    }
  }

  return (
    <section className="flex flex-col gap-2" aria-labelledby="bookmarks-title" data-testid="bookmarks">
      <h3 id="bookmarks-title" className="text-sm font-semibold">{t.title}</h3>
      <label className="flex flex-col gap-0.5 text-xs">
        {t.choose}
        <select className="rounded border border-gray-300 px-2 py-1 text-sm" value={current ? String(current.id) : ''} onChange={(e) => choose(e.target.value)} disabled={!hydrated}>
          <option value="">{t.none}</option>
          {parsed.map((b) => <option key={b.id} value={String(b.id)} disabled={!b.benchmarks}>{b.name}</option>)}
        </select>
      </label>
      {canEdit && current && (
        <button type="button" className="self-start rounded border border-red-300 px-2 py-1 text-xs text-red-800 hover:bg-red-50" onClick={() => setConfirming(true)}>{t.delete}</button>
      )}
      {canEdit && (
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-0.5 text-xs">
            {t.name}
            <input
              className="rounded border border-gray-300 px-2 py-1 text-sm"
              value={name}
              maxLength={LABEL_MAX}
              aria-invalid={!!error}
              aria-describedby="bookmark-name-counter"
              onChange={(e) => setName(e.target.value)}
              // Enter must not submit anything here (spec 000 §5).
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              data-testid="bookmark-name"
            />
          </label>
          <div className="flex items-center justify-between text-xs text-gray-600">
            <span className="text-red-700">{error}</span>
            <span id="bookmark-name-counter">{t.counter(name.length, LABEL_MAX)}</span>
          </div>
          <button type="button" className="self-start rounded bg-brand px-3 py-1 text-sm text-white disabled:opacity-50" disabled={!hydrated || !!current} title={current ? t.sameAsSaved : undefined} onClick={save}>{t.save}</button>
        </div>
      )}
      {confirming && (
        <Dialog title={t.delete} onClose={() => setConfirming(false)} className="w-[min(28rem,calc(100vw-2rem))]">
          <p className="mb-4">{t.confirmDelete}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="rounded border border-gray-300 px-3 py-1" onClick={() => setConfirming(false)}>{t.cancel}</button>
            <button type="button" className="rounded bg-red-700 px-3 py-1 text-white" onClick={remove}>{t.confirm}</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
