/** Lower case without accents: 'Cliëntervaring' → 'clientervaring'. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Overview search (spec 000 §2.12): accent- and case-insensitive; every space-separated word of
 * the query must occur in at least one of the fields (not necessarily the same one).
 */
export function matchesSearch(fields: readonly (string | number | null | undefined)[], query: string): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = fields.filter((f) => f !== null && f !== undefined && f !== '').map((f) => normalize(String(f)));
  return words.every((word) => haystack.some((field) => field.includes(word)));
}
