import { ApiError, BASE, xsrfHeader } from '../shared/api-client';
import { catalogueText } from '../shared/api-catalogue';
import { addAlert } from '../shared/stores/alerts';

const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * Multipart POST (field `file`) with the API client's conventions: XSRF header, the 180 s upload
 * timeout, Dutch error messages from the answer, and spec 001 §8's text for 413 (a proxy may
 * refuse the body before the Worker answers in JSON). The shared client only sends JSON bodies.
 */
export async function uploadFile<T>(path: string, file: File, opts: { showAlert?: boolean; fields?: Record<string, string> } = {}): Promise<T> {
  const form = new FormData();
  form.set('file', file);
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.set(name, value);
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(await xsrfHeader()) },
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  const payload = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]>; alert?: string };
  if (res.status === 413) throw new ApiError(413, catalogueText.tooLarge);
  if (!res.ok) throw new ApiError(res.status, payload.message ?? 'Er is iets misgegaan.', payload.errors ?? {});
  if (opts.showAlert && payload.alert) addAlert(payload.alert, true);
  return payload as T;
}
