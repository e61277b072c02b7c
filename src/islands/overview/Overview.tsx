import { useEffect, useMemo, useState } from 'react';
import { $overviewType, type OverviewType } from '../../shared/stores/ui';
import { pathFor } from '../../shared/routes';
import { url } from '../../shared/urls';
import { AdminsDialog } from './AdminsDialog';
import { matchesSearch } from './search';
import { Skeletons } from './Skeletons';
import type { OverviewField, OverviewItem, OverviewProps } from './types';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';
import { countNl, singularNl } from '../../shared/i18n/count';

export type { OverviewProps, OverviewItem, OverviewField, OverviewFilter } from './types';

const PAGE_SIZES = [10, 25, 50, 100, 0] as const; // 0 = Alle
const toneClass = { error: 'text-red-700 font-semibold', warning: 'text-orange-700 font-semibold' } as const;

/** Debounced copy of a value (filter input: 400 ms, spec 000 §9). */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The user's persisted grid/table choice; starts at 0 so server and first client render agree. */
function useOverviewType(forced?: OverviewType): [OverviewType, (t: OverviewType) => void] {
  const [type, setType] = useState<OverviewType>(forced ?? 0);
  useEffect(() => {
    if (forced !== undefined) return;
    setType($overviewType.get());
    return $overviewType.listen(setType);
  }, [forced]);
  return [forced ?? type, (t) => $overviewType.set(t)];
}

function Title({ item }: { item: OverviewItem }) {
  return item.href ? <a href={item.href} className="underline-offset-2 hover:underline">{item.title}</a> : <>{item.title}</>;
}

function Value({ field }: { field: OverviewField }) {
  return <span className={field.tone ? toneClass[field.tone] : undefined}>{field.value === null || field.value === '' ? '—' : field.value}</span>;
}

/** Blocks per page when blocks are paged: two rows of the grid (1, 2 or 4 columns: uno.config's sm 600 px, xl 1920 px). */
function useBlockPageSize(): number {
  const [size, setSize] = useState(4);
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1920px)');
    const medium = window.matchMedia('(min-width: 600px)');
    const update = () => setSize(wide.matches ? 8 : medium.matches ? 4 : 2);
    update();
    wide.addEventListener('change', update);
    medium.addEventListener('change', update);
    return () => {
      wide.removeEventListener('change', update);
      medium.removeEventListener('change', update);
    };
  }, []);
  return size;
}

/** The generic overview of spec 000 §2.12: search, block grid or table, edit / 'Toon Beheerders'. */
export default function Overview({ items, type = 'elementen', searchPlaceholder = 'Zoeken...', searchFields, edit, forceType, label, filters, pageBlocks, pageSize: initialPageSize = 25 }: OverviewProps) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 400);
  const [view, setView] = useOverviewType(forceType);
  const [pageSize, setPageSize] = useState<number>(initialPageSize);
  const blockPageSize = useBlockPageSize();
  const [page, setPage] = useState(0);
  const [adminsOf, setAdminsOf] = useState<OverviewItem | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});

  const filtered = useMemo(
    () =>
      (items ?? []).filter(
        (item) =>
          Object.entries(chosen).every(([key, value]) => !value || item.facets?.[key] === value) &&
          matchesSearch([item.title, ...item.fields.filter((f) => !searchFields || searchFields.includes(f.label)).map((f) => f.value)], debounced),
      ),
    [items, debounced, searchFields, chosen],
  );
  useEffect(() => setPage(0), [debounced, pageSize, chosen, view]);

  const size = view === 1 ? pageSize : pageBlocks ? blockPageSize : 0;
  const pages = size ? Math.max(1, Math.ceil(filtered.length / size)) : 1;
  const shown = size ? filtered.slice(page * size, (page + 1) * size) : filtered;
  const pager = (
    <div className="flex flex-wrap items-center justify-end gap-4 text-sm">
      {view === 1 && (
        <label className="flex items-center gap-2">
          Rijen per pagina
          <select value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))} className="rounded border border-gray-400 bg-white px-2 py-1">
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>{n || 'Alle'}</option>
            ))}
          </select>
        </label>
      )}
      <span>
        {size ? `${page * size + 1}–${Math.min(filtered.length, (page + 1) * size)}` : `1–${filtered.length}`} van {filtered.length}
      </span>
      <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)} className="rounded px-2 py-1 hover:bg-gray-100 disabled:opacity-40" aria-label="Vorige pagina">‹</button>
      <button type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)} className="rounded px-2 py-1 hover:bg-gray-100 disabled:opacity-40" aria-label="Volgende pagina">›</button>
    </div>
  );
  const columns = items?.[0]?.fields.map((f) => f.label) ?? [];
  const editHref = (item: OverviewItem) => (edit ? url(pathFor(edit.route, { ...edit.params, id: String(item.id) })) : null);

  const buttons = (item: OverviewItem) => {
    const href = item.editable !== false ? editHref(item) : null;
    return (
      <div className="flex flex-wrap gap-2">
        {item.actions?.map((a) => (
          <a key={a.href} href={a.href} className="rounded border border-brand px-3 py-1 text-sm text-brand hover:bg-brand-light">
            {a.text}
          </a>
        ))}
        {href && (
          <a href={href} className="rounded bg-brand px-3 py-1 text-sm text-white hover:bg-brand-dark" aria-label={`${edit?.text ?? 'Bewerken'}: ${item.title}`}>
            {edit?.text ?? 'Bewerken'}
          </a>
        )}
        {!href && item.admins && (
          <button type="button" onClick={() => setAdminsOf(item)} className="rounded border border-gray-400 px-3 py-1 text-sm hover:bg-gray-100">
            Toon Beheerders
          </button>
        )}
      </div>
    );
  };

  return (
    <section ref={keepInput} aria-label={label} className="flex flex-col gap-4" data-testid="overview">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex min-w-[16rem] flex-1 flex-col text-sm">
          <span className="sr-only">{searchPlaceholder}</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={searchPlaceholder} className="rounded border border-gray-400 bg-white px-3 py-2" />
        </label>
        {filters?.map((f) => (
          <label key={f.key} className="flex items-center gap-2 text-sm">
            {f.label}
            <select value={chosen[f.key] ?? ''} onChange={(e) => setChosen({ ...chosen, [f.key]: e.target.value })} className="rounded border border-gray-400 bg-white px-2 py-2">
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>{o.label}</option>
              ))}
            </select>
          </label>
        ))}
        {forceType === undefined && (
          <div role="radiogroup" aria-label="Weergave" className="flex overflow-hidden rounded border border-brand">
            {(['Blokken', 'Tabel'] as const).map((text, i) => (
              <button key={text} type="button" role="radio" aria-checked={view === i} onClick={() => setView(i as OverviewType)} className={`px-3 py-2 text-sm ${view === i ? 'bg-brand text-white' : 'bg-white text-brand'}`}>
                {text}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {items ? `${countNl(filtered.length, singularNl(type), type)} gevonden` : ''}
      </p>
      {items === null ? (
        <Skeletons />
      ) : filtered.length === 0 ? (
        <p className="rounded bg-white p-6 text-center text-gray-700 shadow">Geen {type} gevonden</p>
      ) : view === 0 ? (
        <div className="flex flex-col gap-2">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {shown.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow">
              <h3 className="font-semibold text-brand"><Title item={item} /></h3>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {item.fields.map((f) => (
                  <div key={f.label} className="contents">
                    <dt className="text-gray-600">{f.label}</dt>
                    <dd className="[overflow-wrap:anywhere]">
                      <Value field={f} />
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="mt-auto">{buttons(item)}</div>
            </li>
          ))}
        </ul>
        {pageBlocks && pager}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {/* ScrollRegion's box is relative: the sr-only texts (absolutely positioned) stay inside it, not widening the page. */}
          <ScrollRegion label={shellTexts.tableOf(label)} frameClassName="bg-white shadow">
            <table className="w-full text-sm">
              <caption className="sr-only">{label}</caption>
              <thead className="bg-gray-100 text-start">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">Titel</th>
                  {columns.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-start">{c}</th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-start"><span className="sr-only">Acties</span></th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr key={item.id} className="border-t border-gray-200">
                    <th scope="row" className="px-3 py-2 text-start font-medium"><Title item={item} /></th>
                    {item.fields.map((f) => (
                      <td key={f.label} className="px-3 py-2"><Value field={f} /></td>
                    ))}
                    <td className="px-3 py-2">{buttons(item)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {pager}
        </div>
      )}
      {adminsOf && <AdminsDialog title={adminsOf.title} admins={adminsOf.admins ?? []} onClose={() => setAdminsOf(null)} />}
    </section>
  );
}
