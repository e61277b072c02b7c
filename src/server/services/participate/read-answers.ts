import type { FormQuestion } from './form-model';
import type { Answers } from './page-flow';

/** What the readers need from a submitted form (FormData, or a plain map in tests). */
export interface FormFields {
  get(name: string): string | null;
}

export function formFields(data: FormData | URLSearchParams | Record<string, string>): FormFields {
  if (data instanceof FormData || data instanceof URLSearchParams) {
    return { get: (name) => {
      const v = data.get(name);
      return typeof v === 'string' ? v : null;
    } };
  }
  return { get: (name) => data[name] ?? null };
}

const NUMBER_TYPES = new Set(['N', 'K']);

/** Dutch decimal commas and spaces as typed ("1 250,5") → LimeSurvey's number text ("1250.5"). */
export function normalizeNumber(raw: string): string {
  const t = raw.trim().replace(/\s+/g, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(t)) return t.replace(/\./g, '').replace(',', '.');
  return /^[+-]?(\d+,\d*|,\d+)$/.test(t) ? t.replace(',', '.') : t;
}

/** A date input ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM') → LimeSurvey's 'YYYY-MM-DD HH:MM:SS'. */
export function normalizeDate(raw: string): string {
  const t = raw.trim();
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) return t;
  return `${m[1]} ${m[2] ?? '00:00'}:${m[3] ?? '00'}`;
}

/** Whether a grid (`:`) question is drawn with checkboxes instead of number boxes. */
export const gridChecks = (q: FormQuestion) => q.type === ':' && String(q.attributes.multiflexible_checkbox ?? '') === '1';

/**
 * The submitted values of one question under its column keys, for the rows that are relevant.
 * Fields are named after the column keys, so the browser, the server and the stored answers
 * speak the same names. File uploads and equations are filled elsewhere.
 */
export function readQuestion(q: FormQuestion, form: FormFields, relevantRows: ReadonlySet<number>): Answers {
  const out: Answers = {};
  for (const c of q.columns) {
    if (c.subquestionId !== null && !relevantRows.has(c.subquestionId)) continue;
    if (q.kind === 'file' || q.kind === 'equation') {
      out[c.key] = '';
      continue;
    }
    const raw = form.get(c.key) ?? '';
    if (q.kind === 'checks' && c.part === 'value') out[c.key] = raw === 'Y' ? 'Y' : '';
    else if (gridChecks(q)) out[c.key] = raw === '1' ? '1' : '';
    else if (c.part !== 'value') out[c.key] = raw.replace(/\r\n/g, '\n').trim();
    else if (NUMBER_TYPES.has(q.type) || (q.type === ':' && c.part === 'value')) out[c.key] = normalizeNumber(raw);
    else if (q.kind === 'date') out[c.key] = raw.trim() ? normalizeDate(raw) : '';
    else if (q.kind === 'text') out[c.key] = raw.replace(/\r\n/g, '\n').trim();
    else out[c.key] = raw.trim();
  }
  // A typed "other" text with nothing picked means "other"; with another answer picked it means nothing.
  if ((q.type === 'L' || q.type === '!') && q.other && q.code in out) {
    const text = out[`${q.code}_other`] ?? '';
    if (out[q.code] === '' && text) out[q.code] = '-oth-';
    else if (out[q.code] !== '-oth-') out[`${q.code}_other`] = '';
  }
  return out;
}
