import { ApiError, BASE } from '../../shared/api-client';

const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * Multipart upload with the API client's conventions (XSRF header, 180 s timeout, Dutch error
 * message from the answer). The shared client only sends JSON bodies.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set('file', file);
  const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  const payload = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!res.ok) throw new ApiError(res.status, payload.message ?? 'Er is iets misgegaan.', payload.errors ?? {});
  return payload as T;
}
