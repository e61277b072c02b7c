import { isoFromDay } from '../../analytics';

const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

function isoWeek(day: number): { week: number; year: number } {
  // Day 0 (1970-01-01) was a Thursday; the ISO week belongs to the year of its Thursday.
  const weekday = (((day + 3) % 7) + 7) % 7; // 0 = Monday
  const thursday = day - weekday + 3;
  const year = Number(isoFromDay(thursday).slice(0, 4));
  const jan1 = Math.round(Date.UTC(year, 0, 1) / 86_400_000);
  return { week: Math.floor((thursday - jan1) / 7) + 1, year };
}

/** Dutch label of a time bucket: '5 jan 2026', 'week 5 2026', 'jan 2026', 'K1 2026', '2026'. */
export function periodLabel(startDay: number, granularity: string): string {
  const [y, m, d] = isoFromDay(startDay).split('-').map(Number) as [number, number, number];
  switch (granularity) {
    case 'day':
      return `${d} ${MONTHS[m - 1]} ${y}`;
    case 'week': {
      const w = isoWeek(startDay);
      return `week ${w.week} ${w.year}`;
    }
    case 'month':
      return `${MONTHS[m - 1]} ${y}`;
    case 'quarter':
      return `K${Math.floor((m - 1) / 3) + 1} ${y}`;
    default:
      return String(y);
  }
}

/** '1 januari 2026' for the cover. */
export function longDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const names = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
  return `${d} ${names[m - 1]} ${y}`;
}
