/**
 * The report's filter catalogue (GET report/{id}/filterOption) and the availability of each
 * option for the benchmark being edited (POST report/{id}/filterCategory). Both answers are
 * read into one small shape here so the menu doesn't depend on their exact nesting.
 */
export interface FilterOptionItem {
  id: number;
  label: string;
}
export interface FilterCategoryItem {
  id: number;
  title: string;
  options: FilterOptionItem[];
}
export interface OptionState {
  soloCount: number | null;
  combinedCount: number | null;
  risky: boolean;
  /** The count is min_n or more but withheld (it would reveal a smaller group with the other counts). */
  withheld: boolean;
  empty: boolean;
  available: boolean;
  hidden: boolean;
}

type Rec = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const optionsOf = (c: Rec) => (c.filterOptions ?? c.options ?? []) as Rec[];

/** Categories with nested options, or a flat option list carrying filter_category_id/title. */
export function readCatalog(data: unknown): FilterCategoryItem[] {
  const list = (Array.isArray(data) ? data : ((data as Rec | null)?.filterCategories ?? [])) as Rec[];
  if (list.some((x) => 'filterOptions' in x || 'options' in x)) {
    return list.map((c) => ({ id: num(c.id), title: String(c.title ?? ''), options: optionsOf(c).map((o) => ({ id: num(o.id), label: String(o.label ?? '') })) }));
  }
  const byCat = new Map<number, FilterCategoryItem>();
  for (const o of list) {
    const cid = num(o.filter_category_id ?? o.categoryId);
    if (!byCat.has(cid)) byCat.set(cid, { id: cid, title: String(o.filter_category_title ?? ''), options: [] });
    byCat.get(cid)!.options.push({ id: num(o.id), label: String(o.label ?? '') });
  }
  return [...byCat.values()];
}

export function readStates(data: unknown): Map<number, OptionState> {
  const list = (Array.isArray(data) ? data : ((data as Rec | null)?.filterCategories ?? (data as Rec | null)?.options ?? [])) as Rec[];
  const flat = list.flatMap((x) => ('filterOptions' in x || 'options' in x ? optionsOf(x) : [x]));
  const out = new Map<number, OptionState>();
  for (const o of flat) {
    const count = (v: unknown) => (v === null || v === undefined ? null : num(v));
    const disabled = o.disabled === true;
    out.set(num(o.id ?? o.optionId), {
      soloCount: count(o.soloCount),
      combinedCount: count(o.combinedCount),
      risky: o.risky === true,
      withheld: o.withheld === true,
      empty: o.empty === true,
      available: o.available === undefined ? !disabled : o.available === true,
      hidden: o.hidden === true,
    });
  }
  return out;
}

export function optionCategoryMap(catalog: FilterCategoryItem[]): Map<number, number> {
  return new Map(catalog.flatMap((c) => c.options.map((o) => [o.id, c.id] as const)));
}
