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
 * What legends, tables and the PDF call each benchmark: its own label, else what it is — 'Alle
 * respondenten' without filters, else its options' labels ('18 t/m 34 jaar, Centrum'). Names that
 * would repeat get the position letter, so two series never read the same.
 */
export function displayNames(list: readonly { label: string; filterOptions: readonly number[] }[], catalog: readonly NamingCatalog[], everyone = 'Alle respondenten'): string[] {
  const labels = new Map(catalog.flatMap((c) => c.options.map((o) => [o.id, o.label] as const)));
  const raw = list.map((b, i) => {
    const own = b.label.trim();
    if (own && own !== letter(i)) return own;
    if (!b.filterOptions.length) return everyone;
    const parts = b.filterOptions.map((id) => labels.get(id));
    if (!parts.every(Boolean)) return letter(i);
    const name = parts.join(', ');
    return name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name;
  });
  return raw.map((name, i) => (raw.indexOf(name) !== raw.lastIndexOf(name) && name !== letter(i) ? `${name} (${letter(i)})` : name));
}

