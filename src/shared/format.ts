const TZ = 'Europe/Amsterdam';
const dateLong = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ });
const timeShort = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: TZ });

/** Dutch long date: '21 november 2026'. Accepts ISO timestamps and 'YYYY-MM-DD'. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return dateLong.format(date);
}

/** Dutch long date with short time and the word for hours: '21 november 2026 om 14:05 uur'. */
export function formatDateTime(value: string | Date): string {
  const date = new Date(value);
  return `${dateLong.format(date)} om ${timeShort.format(date)} uur`;
}

const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, timeZoneName: 'shortOffset' });

/** The last millisecond of a calendar day ('YYYY-MM-DD') in the Netherlands, as an instant. */
export function endOfDay(day: string): Date {
  const utc = Date.parse(`${day}T23:59:59.999Z`);
  const zone = offsetFormat.formatToParts(new Date(utc)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const [, sign = '+', hours = '0', minutes = '0'] = /GMT([+-])(\d+)(?::(\d+))?/.exec(zone) ?? [];
  const offset = (Number(hours) * 60 + Number(minutes)) * 60_000 * (sign === '-' ? -1 : 1);
  return new Date(utc - offset);
}
