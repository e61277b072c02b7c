import { ApiError, api } from '../../shared/api-client';

/** An admin call with the API client's alert; returns the Dutch error message instead of throwing. */
export async function adminCall<T>(method: string, path: string, body?: unknown): Promise<{ data?: T; error?: string }> {
  try {
    const res = await api<{ data: T }>(method, path, { body });
    return { data: res.data };
  } catch (err) {
    return { error: err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err) };
  }
}
