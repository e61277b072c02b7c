/** The JSON envelope of ARCHITECTURE §1a: `{ data, meta?, alert?, errors? }`. */
export interface Envelope<T> {
  data: T;
  meta?: Record<string, unknown>;
  alert?: string;
  errors?: Record<string, string[]>;
}

export function envelope<T>(data: T, extra: Omit<Envelope<T>, 'data'> = {}): Envelope<T> {
  return { data, ...extra };
}
