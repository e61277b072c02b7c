import { atom } from 'nanostores';

/** Alert of spec 000 §3: error when success is false; `to` is an optional link. */
export interface Alert {
  id: number;
  content: string;
  success: boolean;
  timestamp: number;
  to?: string;
  buttonText?: string;
}

export const SUCCESS_LIFETIME_MS = 6000;
export const ALERT_CHECK_MS = 3000;
const STORAGE_KEY = 'impulz.alerts';

export const $alerts = atom<Alert[]>([]);
let nextId = 1;

export type AlertPayload = string | readonly (string | readonly string[])[] | Record<string, readonly string[] | string>;

/** A list payload becomes one alert per entry; an entry that is itself a list is joined by ', '. */
export function alertTexts(payload: AlertPayload): string[] {
  if (typeof payload === 'string') return payload ? [payload] : [];
  const entries = Array.isArray(payload) ? payload : Object.values(payload);
  return entries.map((e) => (typeof e === 'string' ? e : [...e].join(', '))).filter(Boolean);
}

export function addAlert(payload: AlertPayload, success: boolean, extra: { to?: string; buttonText?: string; now?: number } = {}): Alert[] {
  const { now = Date.now(), ...link } = extra;
  const added = alertTexts(payload).map((content) => ({ id: nextId++, content, success, timestamp: now, ...link }));
  if (added.length) $alerts.set([...$alerts.get(), ...added]);
  return added;
}

export const dismissAlert = (id: number) => $alerts.set($alerts.get().filter((a) => a.id !== id));
export const dismissAllAlerts = () => $alerts.set([]);

/** Success alerts without a link vanish ~6 s after their timestamp; errors and links stay. */
export function pruneAlerts(now = Date.now()): void {
  const kept = $alerts.get().filter((a) => !a.success || a.to || now - a.timestamp < SUCCESS_LIFETIME_MS);
  if (kept.length !== $alerts.get().length) $alerts.set(kept);
}

/** Navigation dismisses success alerts at once. */
export const clearSuccessAlerts = () => $alerts.set($alerts.get().filter((a) => !a.success));

/** Checks every 3 s; returns the stop function. */
export function startAlertTimer(): () => void {
  const timer = setInterval(() => pruneAlerts(), ALERT_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * Pages are separate documents, so alerts that must outlive a navigation (errors, linked alerts)
 * travel in sessionStorage; success alerts don't survive it (they are cleared on navigation).
 */
export function persistAlertsAcrossPages(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Alert[];
    nextId = Math.max(nextId, ...saved.map((a) => a.id + 1));
    $alerts.set([...saved, ...$alerts.get()]);
    clearSuccessAlerts();
    $alerts.subscribe((list) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(list)));
  } catch {
    // No session storage: alerts simply don't survive a page change.
  }
}
