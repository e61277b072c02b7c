/** Days before the end date from which a licence shows the warning colour. */
export const LICENCE_WARNING_DAYS = 60;

export type LicenceStyle = 'error' | 'warning' | null;

/** `error` once the licence has ended, `warning` within LICENCE_WARNING_DAYS of its end. */
export function licenceEndDateStyle(endDate: string | null, today: Date): LicenceStyle {
  if (!endDate) return null;
  const end = Date.parse(`${endDate}T23:59:59Z`);
  const days = (end - today.getTime()) / 86_400_000;
  if (days < 0) return 'error';
  return days <= LICENCE_WARNING_DAYS ? 'warning' : null;
}
