/**
 * The answer → area mapping filled in automatically: an answer whose code equals an area code
 * (ignoring case and spaces), or whose text equals an area name (ignoring case, accents and
 * punctuation), is that area. What stays unmatched is shown for mapping by hand.
 */
const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

export function autoMapping(answers: { code: string; label: string }[], areas: { code: string; name: string }[], current: Record<string, string> = {}): Record<string, string> {
  const byCode = new Map(areas.map((a) => [norm(a.code), a.code]));
  const byName = new Map(areas.map((a) => [norm(a.name), a.code]));
  const known = new Set(areas.map((a) => a.code));
  const out: Record<string, string> = {};
  for (const a of answers) {
    const kept = current[a.code];
    const found = kept && known.has(kept) ? kept : (byCode.get(norm(a.code)) ?? byName.get(norm(a.label)));
    if (found) out[a.code] = found;
  }
  return out;
}
