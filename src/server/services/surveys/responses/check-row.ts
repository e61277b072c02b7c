import { surveysNl } from '../../../../shared/i18n/surveys';
import type { HeaderPlan } from './resolve-header';

export interface ResponseRecord {
  responseId: number | null;
  token: string | null;
  submitDate: string | null;
  startDate: string | null;
  dateStamp: string | null;
  startLanguage: string | null;
  lastPage: number | null;
  seed: string | null;
  answers: Record<string, string>;
}
export interface RowProblem {
  column?: string;
  reason: string;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
const VV_ESCAPES: Record<string, string> = { '{lbrace}': '{', '{newline}': '\n', '{cr}': '\r', '{tab}': '\t', '{quote}': '"' };

/** A cell as stored: NULL (not shown) or the string. VV files escape specials; CSV leaves NULL empty; .lsr cells arrive decoded. */
function decode(raw: string | null, vv: boolean, lsr: boolean): string | null {
  if (raw === null || lsr) return raw;
  if (raw === '{question_not_shown}') return null;
  if (vv) return raw.includes('{') ? raw.replace(/\{(lbrace|newline|cr|tab|quote)\}/g, (m) => VV_ESCAPES[m]!) : raw;
  return raw === '' ? null : raw;
}

/** Checks one data record against the header plan; returns the record or every problem found. */
export function checkRow(fields: readonly (string | null)[], plan: HeaderPlan): { record: ResponseRecord } | { problems: RowProblem[] } {
  if (fields.length !== plan.slots.length) {
    return { problems: [{ reason: surveysNl.responses.wrongFieldCount(fields.length, plan.slots.length) }] };
  }
  const vv = plan.format === 'vv';
  const lsr = plan.format === 'lsr';
  const problems: RowProblem[] = [];
  const r: ResponseRecord = { responseId: null, token: null, submitDate: null, startDate: null, dateStamp: null, startLanguage: null, lastPage: null, seed: null, answers: {} };
  for (let i = 0; i < plan.slots.length; i++) {
    const slot = plan.slots[i]!;
    if (slot.type === 'skip') continue;
    const value = decode(fields[i] ?? (lsr ? null : ''), vv, lsr);
    if (slot.type === 'meta') {
      const v = value === null || value === '' ? null : value.trim();
      switch (slot.name) {
        case 'id':
          if (v !== null && !/^\d+$/.test(v)) problems.push({ column: 'id', reason: surveysNl.responses.badId(v) });
          else r.responseId = v === null ? null : Number(v);
          break;
        case 'lastpage':
          if (v !== null && !/^-?\d+$/.test(v)) problems.push({ column: 'lastpage', reason: surveysNl.responses.badLastPage(v) });
          else r.lastPage = v === null ? null : Number(v);
          break;
        case 'submitdate':
        case 'startdate':
        case 'datestamp':
          if (v !== null && !DATE.test(v)) problems.push({ column: slot.name, reason: surveysNl.responses.notDate(slot.name, v) });
          else if (slot.name === 'submitdate') r.submitDate = v;
          else if (slot.name === 'startdate') r.startDate = v;
          else r.dateStamp = v;
          break;
        case 'token':
          r.token = v;
          break;
        case 'startlanguage':
          r.startLanguage = v;
          break;
        case 'seed':
          r.seed = v;
          break;
        // ipaddr, refurl: personal data the portal doesn't keep.
      }
      continue;
    }
    if (value === null) continue;
    const col = slot.column;
    if (value !== '') {
      const check = col.check;
      if (check.kind === 'codes' && !check.codes.has(value)) problems.push({ column: col.key, reason: surveysNl.responses.notInCodes(col.key, value) });
      else if (check.kind === 'number' && !NUMBER.test(value.trim())) problems.push({ column: col.key, reason: surveysNl.responses.notNumber(col.key, value) });
      else if (check.kind === 'date' && !DATE.test(value.trim())) problems.push({ column: col.key, reason: surveysNl.responses.notDate(col.key, value) });
    }
    r.answers[col.key] = value;
  }
  return problems.length ? { problems } : { record: r };
}
