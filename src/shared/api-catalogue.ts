/** Texts and outcomes of the error catalogue and generic response handling (spec 000 §7–8). */
export const catalogueText = {
  saved: (name: string) => `${name} is opgeslagen`,
  created: (name: string) => `${name} is aangemaakt`,
  deleted: 'Element is verwijderd',
  deleteFailed: 'Verwijderen is mislukt',
  tooLarge: 'Het bestand dat u heeft geüpload is te groot',
  timeout: 'Het verzoek duurde te lang en is geannuleerd',
} as const;

export interface Outcome {
  success: string[];
  errors: string[];
  /** What the client does after the alerts. */
  action?: 'recheckLogin' | 'notFoundPage' | 'failedDependencyPage';
}

interface Payload {
  data?: unknown;
  alert?: string | string[];
  errors?: Record<string, string[] | string> | string[];
  message?: string;
  meta?: { dutch?: string };
}

/** data[0].meta.dutch or data.meta.dutch: the Dutch name of the thing (spec 000 §3). */
function dutchName(payload: Payload): string {
  const data = payload.data as { meta?: { dutch?: string } } | { meta?: { dutch?: string } }[] | undefined;
  const first = Array.isArray(data) ? data[0] : data;
  return first?.meta?.dutch ?? payload.meta?.dutch ?? 'Element';
}

const texts = (value: string | readonly (string | readonly string[] | string)[] | Record<string, readonly string[] | string>) =>
  (typeof value === 'string' ? [value] : Object.values(value)).map((e) => (typeof e === 'string' ? e : e.join(', ')));

export function outcomeFor(method: string, status: number, payload: Payload): Outcome {
  const m = method.toUpperCase();
  const out: Outcome = { success: [], errors: [] };
  if (payload.errors && Object.keys(payload.errors).length) out.errors.push(...texts(payload.errors));
  if (status >= 200 && status < 300) {
    if (payload.alert) out.success.push(...texts(payload.alert));
    else if (m === 'PUT' && status === 200) out.success.push(catalogueText.saved(dutchName(payload)));
    else if (m === 'POST' && status === 201) out.success.push(catalogueText.created(dutchName(payload)));
    else if (m === 'DELETE' && status === 200) out.success.push(catalogueText.deleted);
    return out;
  }
  if (status === 401 || status === 403 || status === 419) return { ...out, action: 'recheckLogin' };
  if (status === 404) return { ...out, action: 'notFoundPage' };
  if (status === 424) return { ...out, action: 'failedDependencyPage' };
  if (status === 413) return { ...out, errors: [catalogueText.tooLarge] };
  if (status === 400 && m === 'DELETE') return { ...out, errors: [catalogueText.deleteFailed] };
  if (!out.errors.length && payload.message) out.errors.push(payload.message);
  return out;
}
