import { useStore } from '@nanostores/react';
import type { KeyboardEvent } from 'react';
import { formatDate } from '../../shared/format';
import { reportViewNl } from '../../shared/i18n/report-view';
import { periodOptions } from '../../shared/date-periods';
import { reportDatesNl } from '../../shared/i18n/report-dates';
import { LABEL_MAX, type ReportLimits, displayNames, endOf, isPlainFilters, startOf } from './benchmarks';
import { $active, $benchmarkNames, $benchmarks, $catalog, $limits, moveBenchmark, removeBenchmark, setActive, updateBenchmark } from './report.store';

const t = reportViewNl.menu;
/** A benchmark's own dates can come from a shared URL: never let a bad one break the menu. */
const day = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDate(iso) : '…');
const btn = 'rounded border border-gray-300 px-1.5 py-0.5 text-xs hover:bg-gray-100 disabled:opacity-40';

/**
 * 2+ benchmarks: one row each (select, move up/down, remove); Alt+ArrowUp/Down on a row moves it.
 * Below that the menu is plain filters and only the dates show.
 */
export function BenchmarkList() {
  const list = useStore($benchmarks);
  const active = useStore($active);
  const limits = useStore($limits);
  const names = useShownNames();
  if (isPlainFilters(list)) return null;
  // Focus follows the moved benchmark (rows are keyed by position, so it would stay behind).
  const move = (i: number, delta: -1 | 1, control: string) => {
    moveBenchmark(i, delta);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-benchmark-row="${i + delta}"][data-control="${control}"]`)?.focus());
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const delta = e.key === 'ArrowUp' ? -1 : 1;
    if (i + delta >= 0 && i + delta < list.length) move(i, delta, 'select');
  };
  return (
    <ol className="flex flex-col gap-1" aria-label={t.benchmarks} data-testid="benchmark-list">
      {list.map((b, i) => {
        // The row reads as its name, and every control of the row is called after that name (never a letter).
        const label = names[i] ?? '';
        return (
          <li key={i} className={`flex items-center gap-1 rounded border px-1 py-1 ${i === active ? 'border-brand bg-blue-50' : 'border-gray-200'}`}>
            <button type="button" className="flex-1 truncate px-1 text-start text-sm" aria-pressed={i === active} aria-label={t.edit(label)} title={label} aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown" data-benchmark-row={i} data-control="select" onClick={() => setActive(i)} onKeyDown={(e) => onKey(e, i)}>
              {label}
            </button>
            <button type="button" className={btn} aria-label={t.moveUp(label)} disabled={i === 0} data-benchmark-row={i} data-control="up" onClick={() => move(i, -1, i === 1 ? 'down' : 'up')}>↑</button>
            <button type="button" className={btn} aria-label={t.moveDown(label)} disabled={i === list.length - 1} data-benchmark-row={i} data-control="down" onClick={() => move(i, 1, i === list.length - 2 ? 'up' : 'down')}>↓</button>
            <button type="button" className={btn} aria-label={t.remove(label)} onClick={() => removeBenchmark(i)}>✕</button>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * What the menu calls each benchmark: its own label, else what the charts' legends call it (a filtered
 * one after its options: 'Man', '18 t/m 34 jaar, Centrum'; a repeated name gets ' (2)'), and a
 * benchmark that differs only by its dates by its period.
 */
export function useShownNames(): string[] {
  const list = useStore($benchmarks);
  const limits = useStore($limits);
  const names = useStore($benchmarkNames);
  return list.map((b, i) => (!b.label.trim() && !b.filterOptions.length && (b.start || b.end) ? `${day(startOf(b, limits))} – ${day(endOf(b, limits))}` : (names[i] ?? '')));
}

const input = 'w-full rounded border border-gray-300 px-2 py-1 text-sm';
const d = reportDatesNl;

/** The periods the pickers offer: the report period (three years back when it has no start), and the benchmark's own dates. */
function pickerSpan(limits: ReportLimits, start: string | null, end: string | null): [string, string] {
  const last = [limits.endDate, end].filter((x): x is string => !!x).sort().pop() ?? new Date().toISOString().slice(0, 10);
  const fallback = `${Number(last.slice(0, 4)) - 3}${last.slice(4)}`;
  const first = [limits.startDate ?? fallback, start].filter((x): x is string => !!x).sort()[0]!;
  return [first, last];
}

/**
 * The date choice of the edited benchmark (README "Date choice"): nothing without the date filter
 * (only the report period exists); with it, whole periods of the report's date granularity — a
 * start period and an end period — or, for the day opt-in, two day fields.
 */
function DateFields() {
  const list = useStore($benchmarks);
  const active = useStore($active);
  const limits = useStore($limits);
  const b = list[active];
  if (!b || !limits.dateFilter) return null;
  const start = startOf(b, limits);
  const end = endOf(b, limits);
  const g = limits.dateGranularity ?? 'month';
  if (g === 'day') {
    return (
      <>
        <label className="flex flex-col gap-0.5 text-xs">
          {t.start}
          <input type="date" className={input} value={start ?? ''} max={end ?? undefined} onChange={(e) => updateBenchmark(active, { start: e.target.value || null })} data-testid="benchmark-start" />
        </label>
        <label className="flex flex-col gap-0.5 text-xs">
          {t.end}
          <input type="date" className={input} value={end ?? ''} min={start ?? undefined} onChange={(e) => updateBenchmark(active, { end: e.target.value || null })} data-testid="benchmark-end" />
        </label>
      </>
    );
  }
  const periods = periodOptions(...pickerSpan(limits, start, end), g);
  const unit = d.granularity[g].toLowerCase();
  return (
    <>
      <label className="flex flex-col gap-0.5 text-xs">
        {`${d.fromPeriod} (${unit})`}
        <select className={input} value={start ?? ''} onChange={(e) => updateBenchmark(active, { start: e.target.value || null })} data-testid="benchmark-start">
          {periods.map((p) => (
            <option key={p.start} value={p.start} disabled={!!end && p.start > end}>{p.label}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5 text-xs">
        {`${d.toPeriod} (${unit})`}
        <select className={input} value={end ?? ''} onChange={(e) => updateBenchmark(active, { end: e.target.value || null })} data-testid="benchmark-end">
          {periods.map((p) => (
            <option key={p.end} value={p.end} disabled={!!start && p.end < start}>{p.label}</option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Name (2+ benchmarks only) and date range of the benchmark being edited. */
export function BenchmarkFields() {
  const list = useStore($benchmarks);
  const active = useStore($active);
  const catalog = useStore($catalog);
  const b = list[active];
  if (!b) return null;
  // Without a name of its own the benchmark is called after its filters: the field says so.
  const automatic = displayNames(list.map((x, i) => (i === active ? { ...x, label: '' } : x)), catalog)[active];
  return (
    <div className="grid grid-cols-2 gap-2">
      {!isPlainFilters(list) && (
        <label className="col-span-2 flex flex-col gap-0.5 text-xs">
          {t.label}
          <input className={input} value={b.label} maxLength={LABEL_MAX} placeholder={automatic} onChange={(e) => updateBenchmark(active, { label: e.target.value })} data-testid="benchmark-label" />
        </label>
      )}
      <DateFields />
    </div>
  );
}
