import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../shared/api-client';
import { reportViewNl } from '../../shared/i18n/report-view';
import { canAdd, isPlainFilters, maxBenchmarks, type ReportLimits } from './benchmarks';
import { BenchmarkFields, BenchmarkList, useShownNames } from './BenchmarkList';
import { type BookmarkItem, Bookmarks } from './Bookmarks';
import { FilterList } from './FilterList';
import { type FilterCategoryItem, type OptionState, optionCategoryMap, readCatalog, readStates } from './filters';
import { $active, $benchmarks, $catalog, $limits, addBenchmark, initReportState, removeAllBenchmarks, toggleFilterOption } from './report.store';

const t = reportViewNl.menu;

export interface BenchmarkMenuProps {
  reportId: number;
  limits: ReportLimits;
  minN: number;
  bookmarks: BookmarkItem[];
  canEditBookmarks: boolean;
}

/** Availability of the options for the edited benchmark; stale answers are aborted. */
function useOptionStates(reportId: number): Map<number, OptionState> {
  const list = useStore($benchmarks);
  const active = useStore($active);
  const b = list[active];
  const key = JSON.stringify([b?.filterOptions, b?.start, b?.end]);
  const [states, setStates] = useState(new Map<number, OptionState>());
  useEffect(() => {
    if (!b) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      api<{ data: unknown }>('POST', `/api/v2/report/${reportId}/filterCategory`, { body: { selectedFilterOptions: b.filterOptions, start: b.start, end: b.end }, signal: ctrl.signal })
        .then((res) => setStates(readStates(res.data)))
        .catch((err) => {
          if (!(err instanceof ApiError && err.cancelled)) setStates(new Map());
        });
    }, 150);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [reportId, key]);
  return states;
}

/** The folded rail and the phone button (AppShell, outside this island) show the chosen filter count. */
function useRailCount(): void {
  const list = useStore($benchmarks);
  const n = list.reduce((sum, b) => sum + b.filterOptions.length, 0);
  useEffect(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-benchmark-count]')) {
      el.hidden = n === 0;
      el.title = reportViewNl.rail.active(n);
      el.querySelector('[data-count-value]')!.textContent = String(n);
      el.querySelector('[data-count-text]')!.textContent = reportViewNl.rail.active(n);
    }
  }, [n]);
}

/**
 * The benchmark/filter side menu of ViewReportIndex (spec 000 §2.12, 001 §4): bookmarks, the
 * benchmarks (plain filters below two), and the filter options of the benchmark being edited.
 */
export default function BenchmarkMenu({ reportId, limits, minN, bookmarks, canEditBookmarks }: BenchmarkMenuProps) {
  initReportState(reportId, limits);
  const list = useStore($benchmarks);
  const active = useStore($active);
  const current = useStore($limits);
  const [catalog, setCatalog] = useState<FilterCategoryItem[] | null>(null);
  const states = useOptionStates(reportId);
  const optionCategory = useMemo(() => optionCategoryMap(catalog ?? []), [catalog]);
  useRailCount();

  useEffect(() => {
    api<{ data: unknown }>('GET', `/api/v2/report/${reportId}/filterOption`)
      .then((res) => {
        const read = readCatalog(res.data);
        setCatalog(read);
        $catalog.set(read);
      })
      .catch(() => setCatalog([]));
  }, [reportId]);

  const plain = isPlainFilters(list);
  const shown = useShownNames();
  const b = list[active];
  const max = maxBenchmarks(current);
  return (
    <div className="flex flex-col gap-4 p-3" data-testid="benchmark-menu">
      <Bookmarks reportId={reportId} initial={bookmarks} canEdit={canEditBookmarks} optionCategory={optionCategory} />
      <section className="flex flex-col gap-2" aria-labelledby="benchmarks-title">
        <h3 id="benchmarks-title" className="text-sm font-semibold">{plain ? t.filters : t.benchmarks}</h3>
        <BenchmarkList />
        <div className="flex flex-wrap gap-2">
          <button type="button" className="rounded border border-gray-300 px-2 py-1 text-xs hover:bg-gray-100 disabled:opacity-40" disabled={!canAdd(list, current)} title={canAdd(list, current) ? undefined : t.addLimit(max)} onClick={addBenchmark}>
            + {t.add}
          </button>
          <button type="button" className="rounded border border-gray-300 px-2 py-1 text-xs hover:bg-gray-100" onClick={removeAllBenchmarks}>{t.removeAll}</button>
        </div>
      </section>
      {b && (
        <section className="flex flex-col gap-2" aria-label={plain ? t.filters : t.edit(shown[active] ?? '')} data-testid="benchmark-editor">
          {!plain && <h3 className="text-sm font-semibold">{t.edit(shown[active] ?? '')}</h3>}
          <BenchmarkFields />
          <FilterList catalog={catalog} states={states} selected={b.filterOptions} minN={minN} onToggle={(id) => toggleFilterOption(active, id)} />
        </section>
      )}
    </div>
  );
}
