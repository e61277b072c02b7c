import { reportViewNl } from '../../shared/i18n/report-view';
import type { FilterCategoryItem, OptionState } from './filters';

const t = reportViewNl.menu;

interface Props {
  catalog: FilterCategoryItem[] | null;
  states: Map<number, OptionState>;
  selected: number[];
  minN: number;
  onToggle: (optionId: number) => void;
}

/** Why an option can't be chosen right now (shown as its title and to screen readers). */
function reason(s: OptionState | undefined): string | undefined {
  if (!s || s.available) return undefined;
  if (s.empty) return t.empty;
  if (s.risky) return t.tooFew;
  return t.notAllowed;
}

/**
 * The filter categories of the report with their options as checkboxes (OR within a category,
 * AND across categories). Counts below min_n come as null and read '< min_n'; counts withheld so
 * they can't be subtracted from each other read '–'; options the server marks unavailable are
 * disabled, hidden ones (hide_empty_filters) are left out.
 */
export function FilterList({ catalog, states, selected, minN, onToggle }: Props) {
  if (!catalog) return <p className="px-1 text-sm text-gray-600" role="status">{t.loadingFilters}</p>;
  if (!catalog.length) return <p className="px-1 text-sm text-gray-600">{t.noFilters}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="filter-list">
      {catalog.map((cat) => {
        const visible = cat.options.filter((o) => selected.includes(o.id) || !states.get(o.id)?.hidden);
        if (!visible.length) return null;
        return (
          <fieldset key={cat.id} className="flex flex-col gap-1 rounded border border-gray-200 p-2">
            <legend className="px-1 text-sm font-semibold">{cat.title}</legend>
            {visible.map((o) => {
              const s = states.get(o.id);
              const checked = selected.includes(o.id);
              const why = checked ? undefined : reason(s);
              const count = s ? (s.combinedCount !== null ? s.combinedCount.toLocaleString('nl-NL') : s.withheld ? t.withheld : t.lowN(minN)) : null;
              return (
                <label key={o.id} className={`flex items-center gap-2 text-sm ${why ? 'text-gray-400' : ''}`} title={why}>
                  <input type="checkbox" checked={checked} disabled={!!why} onChange={() => onToggle(o.id)} data-option-id={o.id} />
                  <span className="flex-1">{o.label}</span>
                  {count !== null && (s?.withheld ? (
                    <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-700" title={t.withheldTitle} aria-label={t.withheldTitle}>{count}</span>
                  ) : (
                    <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-700" aria-label={t.count(count)}>{count}</span>
                  ))}
                  {why && <span className="sr-only">{why}</span>}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
