/** Longest benchmark label (spec 001: bookmark names and labels). */
export const LABEL_MAX = 60;

/** A, B, … Z, AA, AB … by position. */
export function letter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** Option labels of the report's filters, as the menu loaded them (id → label, category order). */
export interface NamingCatalog {
  options: { id: number; label: string }[];
}

/** Whether displayNames needs the options' labels: a filtered benchmark without a label of its own. */
export const needsOptionLabels = (list: readonly { label: string; filterOptions: readonly number[] }[]): boolean =>
  list.some((b, i) => b.filterOptions.length > 0 && (!b.label.trim() || b.label.trim() === letter(i)));

/**
 * What the panel, legends, tables, the PDF, the CSV and the assistant call each benchmark: its own
 * label, else what it is: 'Alle respondenten' without filters, else its options' labels, options of
 * one category joined with ', ' and categories with ' + ' ('18 t/m 34 jaar', 'Noord + Vrouw').
 * Never a letter: a name that would repeat gets its occurrence number ('Noord (2)'), and options
 * whose labels are not (yet) known are left out ('…' while none is).
 */
export function displayNames(list: readonly { label: string; filterOptions: readonly number[] }[], catalog: readonly NamingCatalog[], everyone = 'Alle respondenten'): string[] {
  const labels = new Map(catalog.flatMap((c, ci) => c.options.map((o) => [o.id, { label: o.label, category: ci }] as const)));
  const raw = list.map((b, i) => {
    const own = b.label.trim();
    if (own && own !== letter(i)) return own;
    if (!b.filterOptions.length) return everyone;
    const byCategory = new Map<number, string[]>();
    for (const id of b.filterOptions) {
      const o = labels.get(id);
      if (o) byCategory.set(o.category, [...(byCategory.get(o.category) ?? []), o.label]);
    }
    if (!byCategory.size) return '…';
    const name = [...byCategory].sort(([x], [y]) => x - y).map(([, parts]) => parts.join(', ')).join(' + ');
    return name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name;
  });
  return raw.map((name, i) => {
    const before = raw.slice(0, i).filter((n) => n === name).length;
    return before ? `${name} (${before + 1})` : name;
  });
}
