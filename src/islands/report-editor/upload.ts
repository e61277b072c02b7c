import { ApiError, BASE } from '../../shared/api-client';
import { addAlert } from '../../shared/stores/alerts';
import { reportEditorNl } from '../../shared/i18n/report-editor';

/**
 * Multipart POST with the client's conventions (XSRF header, 180 s timeout, Dutch messages); the
 * shared client only sends JSON. 413 gets the catalogue text of spec 001 §8.
 */
export async function uploadImage<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set('file', file);
  const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
    signal: AbortSignal.timeout(180_000),
  });
  const payload = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]>; alert?: string };
  if (res.status === 413) throw new ApiError(413, reportEditorNl.background.tooLarge);
  if (!res.ok) throw new ApiError(res.status, payload.message ?? 'Er is iets misgegaan.', payload.errors ?? {});
  if (payload.alert) addAlert(payload.alert, true);
  return payload as T;
}
