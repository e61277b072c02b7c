import { useMemo, useState } from 'react';
import { formatDate } from '../../shared/format';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { matchesSearch } from '../overview/search';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

export interface LicenceRow {
  id: number;
  project_id: number;
  project: string;
  company: string;
  start_date: string;
  end_date: string;
  note: string;
  state: 'active' | 'warning' | 'error' | 'future';
}

type Key = 'project' | 'company' | 'start_date' | 'end_date' | 'state';
const STATE_ORDER = { error: 0, warning: 1, active: 2, future: 3 } as const;
const stateClass = { active: 'bg-green-100 text-green-900', future: 'bg-gray-100 text-gray-800', warning: 'bg-orange-100 text-orange-900', error: 'bg-red-100 text-red-900' } as const;

/** /manage/license: every licence the user may see, searchable and sortable by column, with its state. */
export default function LicenceTable({ rows, projectHref }: { rows: LicenceRow[]; projectHref: string | null }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [sort, setSort] = useState<{ key: Key; dir: 1 | -1 }>({ key: 'end_date', dir: 1 });
  const [query, setQuery] = useState('');
  // On phones only project (with its organisation below it), end date and state fit.
  const columns: [Key, string, string][] = [
    ['project', t.project, ''],
    ['company', t.company, 'max-md:hidden'],
    ['start_date', t.startDate, 'max-sm:hidden'],
    ['end_date', t.endDate, ''],
    ['state', t.licenceState, ''],
  ];
  const shown = useMemo(() => {
    const value = (r: LicenceRow) => (sort.key === 'state' ? STATE_ORDER[r.state] : r[sort.key]);
    return rows
      .filter((r) => matchesSearch([r.project, r.company, r.note], query))
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'nl');
        return c * sort.dir || a.id - b.id;
      });
  }, [rows, sort, query]);

  return (
    <div ref={keepInput} className="flex flex-col gap-3">
      <label className="flex max-w-md flex-col text-sm">
        <span className="sr-only">{t.licenceSearch}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t.licenceSearch} className="rounded border border-gray-400 bg-white px-3 py-2" />
      </label>
      <ScrollRegion label={shellTexts.tableOf(t.licences)} frameClassName="bg-white shadow">
        <table className="w-full text-sm" data-testid="licence-table">
          <caption className="sr-only">{t.licences}</caption>
          <thead className="bg-gray-100">
            <tr>
              {columns.map(([key, label, hide]) => (
                <th key={key} scope="col" className={`px-3 py-2 text-start ${hide}`} aria-sort={sort.key === key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" className="inline-flex items-center gap-1 font-semibold hover:underline" onClick={() => setSort((s) => ({ key, dir: s.key === key ? (-s.dir as 1 | -1) : 1 }))} aria-label={t.sortBy(label)}>
                    {label}
                    <span aria-hidden="true">{sort.key === key ? (sort.dir === 1 ? '▲' : '▼') : '↕'}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-start max-sm:hidden">{t.note}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} className="border-t border-gray-200">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {projectHref ? <a className="text-brand underline-offset-2 hover:underline" href={projectHref.replace(':id', String(r.project_id))}>{r.project}</a> : r.project}
                  <span className="block text-xs font-normal text-gray-700 md:hidden">{r.company}</span>
                </th>
                <td className="px-3 py-2 max-md:hidden">{r.company}</td>
                <td className="whitespace-nowrap px-3 py-2 max-sm:hidden">{formatDate(r.start_date)}</td>
                <td className={`px-3 py-2 sm:whitespace-nowrap ${r.state === 'error' ? 'font-semibold text-red-700' : r.state === 'warning' ? 'font-semibold text-orange-700' : ''}`}>{formatDate(r.end_date)}</td>
                <td className="px-3 py-2"><span className={`inline-block rounded px-2 py-0.5 text-xs ${stateClass[r.state]}`}>{t.licenceStates[r.state]}</span></td>
                <td className="px-3 py-2 max-sm:hidden">{r.note || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {shown.length === 0 && <p className="rounded bg-white p-6 text-center text-gray-700 shadow">Geen licenties gevonden</p>}
    </div>
  );
}
