import { atom, computed } from 'nanostores';

/** Global page loader ('Bezig met laden van pagina...') and the request counters behind the sub-loader. */
export const $pageLoading = atom(false);
export const $pending = atom(0);
const $batch = atom(0);

export function requestStarted(): void {
  if ($pending.get() === 0) $batch.set(0);
  $batch.set($batch.get() + 1);
  $pending.set($pending.get() + 1);
}

export function requestFinished(): void {
  $pending.set(Math.max(0, $pending.get() - 1));
}

/** Percent of the current batch of requests that has finished; null when nothing is pending. */
export const $subLoadingPercent = computed([$pending, $batch], (pending, batch) =>
  pending === 0 || batch === 0 ? null : Math.round(((batch - pending) / batch) * 100),
);
