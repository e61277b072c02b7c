/** Days before the end date from which a licence shows the warning colour. */
export const LICENCE_WARNING_DAYS = 60;
/** Days before the end date on which the company admins get a reminder (cron), once each. */
export const LICENCE_REMINDER_DAYS = [60, 14] as const;

export type LicenceStyle = 'error' | 'warning' | null;

const DAY = 86_400_000;

/** `error` once the licence has ended, `warning` within LICENCE_WARNING_DAYS of its end. */
export function licenceEndDateStyle(endDate: string | null, today: Date): LicenceStyle {
  if (!endDate) return null;
  const end = Date.parse(`${endDate}T23:59:59Z`);
  const days = (end - today.getTime()) / DAY;
  if (days < 0) return 'error';
  return days <= LICENCE_WARNING_DAYS ? 'warning' : null;
}

/** Whole days from `today` (UTC calendar day) until the ISO end date; negative once it has passed. */
export function daysUntil(endDate: string, today: Date): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - start) / DAY);
}

/**
 * Project age colouring of spec 001 §9 on updated_at: under 60 days none, 60 to 120 days
 * `warning` (orange), over 120 days `error` (red).
 */
export function projectAgeStyle(updatedAt: Date | string, today: Date): LicenceStyle {
  const days = (today.getTime() - new Date(updatedAt).getTime()) / DAY;
  if (days > 120) return 'error';
  return days >= 60 ? 'warning' : null;
}
