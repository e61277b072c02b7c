/** Fieldwork dates are wall-clock times in the Netherlands, as the organisation enters them. */
export const FIELDWORK_TIME_ZONE = 'Europe/Amsterdam';

const local = new Intl.DateTimeFormat('sv-SE', { timeZone: FIELDWORK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

// Every participation request asks for the stamp of its minute (fieldwork and token windows); Intl
// formatting with a time zone is one of the dearer calls of such a request, so a minute is formatted once.
let lastMinute = Number.NaN;
let lastStamp = '';

/** 'YYYY-MM-DDTHH:MM' of a moment in the Netherlands. */
export function localStamp(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastStamp = local.format(now).replace(' ', 'T');
    lastMinute = minute;
  }
  return lastStamp;
}

/** LimeSurvey's 'YYYY-MM-DD HH:MM:SS' (or a date alone) as 'YYYY-MM-DDTHH:MM'; null when empty or unreadable. */
export function normalizeStamp(raw: string | null | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec((raw ?? '').trim());
  return m ? `${m[1]}T${m[2] ?? '00:00'}` : null;
}

export type FieldworkState = 'open' | 'closed' | 'notStarted' | 'ended';

export interface Fieldwork {
  status: 'open' | 'closed';
  startsAt: string | null;
  endsAt: string | null;
}

/** The survey's fieldwork: its own row, or else open within LimeSurvey's startdate/expires. */
export function fieldworkOf(row: { status: string | null; startsAt: string | null; endsAt: string | null } | null, settings: Record<string, string>): Fieldwork {
  if (row?.status) return { status: row.status === 'closed' ? 'closed' : 'open', startsAt: row.startsAt, endsAt: row.endsAt };
  return { status: 'open', startsAt: normalizeStamp(settings.startdate), endsAt: normalizeStamp(settings.expires) };
}

export function fieldworkState(f: Fieldwork, now: Date): FieldworkState {
  if (f.status === 'closed') return 'closed';
  const t = localStamp(now);
  if (f.startsAt && t < f.startsAt) return 'notStarted';
  if (f.endsAt && t >= f.endsAt) return 'ended';
  return 'open';
}

/** '12 maart 2026 om 09:00' for the status pages. */
export function formatStamp(stamp: string): string {
  const [date, time] = stamp.split('T');
  const [y, m, d] = date!.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return time && time !== '00:00' ? `${day} om ${time}` : day;
}
