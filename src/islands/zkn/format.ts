/** Dutch number formatting of the Zorgkaart screens: one decimal, comma. */
export const one = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
export const two = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
export const interval = (low: number | null | undefined, high: number | null | undefined) => (low === null || low === undefined || high === null || high === undefined ? '—' : `${one(low)} – ${one(high)}`);
export const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${Math.round(v)}%`);
