import { isNumeric, isTrue, pcreToRegExp } from '../../../shared/expression/evaluate';
import { participateNl } from '../../../shared/i18n/participate';
import { questionAttribute as attr, type FormModel, type FormQuestion } from './form-model';
import { stripTags } from './form-texts';
import { answersEnv, type Answers, type TokenValues } from './page-flow';
import { gridChecks } from './read-answers';

const t = participateNl.validation;

export interface ValidateOptions {
  lang: string;
  /** Paper entry checks what was typed (codes, numbers, dates), not what the respondent had to answer. */
  paper?: boolean;
  /** Soft-mandatory questions the respondent chose to skip. */
  softSkipped?: ReadonlySet<number>;
  token?: TokenValues;
}

const numAttr = (q: FormQuestion, name: string): number | null => {
  const raw = attr(q, name).trim();
  return raw !== '' && isNumeric(raw) ? Number(raw) : null;
};
const fmt = (n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 10 });

function allowedCodes(q: FormQuestion, scale: number, model: FormModel): Set<string> {
  if (q.kind === 'language') return new Set(model.languages);
  const codes = new Set((q.options[scale] ?? []).map((o) => o.code));
  if (q.other && (q.type === 'L' || q.type === '!')) codes.add('-oth-');
  return codes;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
function validDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60;
}

/** Format errors: values the question can't hold, whoever typed them. */
function formatError(q: FormQuestion, values: [string, string, number][], model: FormModel): string | null {
  for (const [key, v, scale] of values) {
    if (v === '') continue;
    const col = q.columns.find((c) => c.key === key)!;
    if (col.part !== 'value') continue;
    if (['radio', 'select', 'array', 'rank', 'language'].includes(q.kind) && !allowedCodes(q, scale, model).has(v)) return q.kind === 'language' ? t.language : t.invalidChoice;
    if ((q.type === 'N' || q.type === 'K' || (q.type === ':' && !gridChecks(q))) && !isNumeric(v)) return t.number;
    if ((q.type === 'N' || q.type === 'K' || q.type === ':') && attr(q, 'num_value_int_only') === '1' && !/^[+-]?\d+$/.test(v.trim())) return t.integer;
    if (q.kind === 'date' && !validDate(v)) return t.date;
  }
  if (q.kind === 'rank') {
    const ranked = values.map(([, v]) => v);
    const filled = ranked.filter(Boolean);
    if (new Set(filled).size !== filled.length) return t.rankTwice;
    const lastFilled = ranked.reduce((last, v, i) => (v ? i : last), -1);
    if (ranked.slice(0, lastFilled + 1).some((v) => !v)) return t.rankGap;
  }
  return null;
}

function answeredCount(q: FormQuestion, values: [string, string, number][], answers: Answers): number {
  if (q.kind === 'checks') return values.filter(([k, v]) => v === 'Y' && q.columns.find((c) => c.key === k)?.part === 'value').length + (answers[`${q.code}_other`] ? 1 : 0);
  if (q.kind === 'rank') return values.filter(([, v]) => v).length;
  // Rows: a row counts once when any of its cells is answered.
  const rows = new Set<number>();
  for (const [key, v] of values) {
    const c = q.columns.find((col) => col.key === key);
    if (v && c?.part === 'value' && c.subquestionId !== null) rows.add(c.subquestionId);
  }
  return rows.size;
}

function isMissing(q: FormQuestion, values: [string, string, number][], answers: Answers): boolean {
  const main = values.filter(([k]) => q.columns.find((c) => c.key === k)?.part === 'value');
  switch (q.kind) {
    case 'checks':
      return answeredCount(q, values, answers) === 0;
    case 'array':
    case 'multi':
      return main.some(([, v]) => v === '');
    case 'grid':
      return gridChecks(q) ? main.every(([, v]) => v === '') : main.some(([, v]) => v === '');
    case 'rank': {
      const max = numAttr(q, 'max_subquestions');
      const need = Math.min(main.length, max && max > 0 ? max : main.length);
      return main.filter(([, v]) => v).length < need;
    }
    case 'file':
      return !(Number(answers[`${q.code}_filecount`] ?? 0) > 0);
    case 'display':
    case 'equation':
      return false;
    default:
      return main.every(([, v]) => v === '');
  }
}

/**
 * The Dutch message for one relevant question, or null when its answers are fine: answer codes,
 * numbers and dates always; mandatory (hard and soft) and LimeSurvey's validation attributes
 * (min/max answers, min/max values and sums, integers only, `preg`, maximum_chars, date range,
 * em_validation_q) for respondents.
 */
export function validateQuestion(model: FormModel, q: FormQuestion, answers: Answers, opts: ValidateOptions): string | null {
  const values: [string, string, number][] = q.columns.filter((c) => Object.hasOwn(answers, c.key)).map((c) => [c.key, answers[c.key]!, c.scale]);
  const format = formatError(q, values, model);
  if (format) return format;
  if (opts.paper) return null;

  if ((q.type === 'L' || q.type === '!') && q.other && answers[q.code] === '-oth-' && !answers[`${q.code}_other`]) return t.otherText;
  const missing = isMissing(q, values, answers);
  if (missing && q.mandatory === 'Y') return ['array', 'grid', 'multi', 'rank'].includes(q.kind) && values.some(([, v]) => v) ? t.mandatoryAll : t.mandatory;
  if (missing && q.mandatory === 'S' && !opts.softSkipped?.has(q.id)) return t.soft;
  const answered = values.some(([k, v]) => v !== '' && q.columns.find((c) => c.key === k)?.part !== 'filecount');
  if (!answered) return null;

  const count = answeredCount(q, values, answers);
  const partsWord = q.kind === 'checks' || q.kind === 'rank';
  const minA = numAttr(q, 'min_answers');
  const maxA = numAttr(q, 'max_answers');
  if (minA !== null && minA > 0 && count < minA) return partsWord ? t.minAnswers(minA) : t.minParts(minA);
  if (maxA !== null && maxA > 0 && count > maxA) return partsWord ? t.maxAnswers(maxA) : t.maxParts(maxA);

  const numbers = q.type === 'N' || q.type === 'K' || (q.type === ':' && !gridChecks(q));
  if (numbers) {
    const [lo, hi] = q.type === ':' ? [numAttr(q, 'multiflexible_min'), numAttr(q, 'multiflexible_max')] : [numAttr(q, 'min_num_value_n'), numAttr(q, 'max_num_value_n')];
    const filled = values.filter(([k, v]) => v !== '' && q.columns.find((c) => c.key === k)?.part === 'value').map(([, v]) => Number(v));
    for (const v of filled) {
      if (lo !== null && v < lo) return t.min(fmt(lo));
      if (hi !== null && v > hi) return t.max(fmt(hi));
    }
    if (q.type === 'K') {
      const sum = filled.reduce((s, v) => s + v, 0);
      const [smin, smax, seq] = [numAttr(q, 'min_num_value'), numAttr(q, 'max_num_value'), numAttr(q, 'equals_num_value')];
      if (seq !== null && Math.abs(sum - seq) > 1e-9) return t.sumEquals(fmt(seq));
      if (smin !== null && sum < smin) return t.sumMin(fmt(smin));
      if (smax !== null && sum > smax) return t.sumMax(fmt(smax));
    }
  }

  const maxChars = numAttr(q, 'maximum_chars');
  if (maxChars !== null && maxChars > 0 && values.some(([, v]) => [...v].length > maxChars)) return t.maxChars(maxChars);

  if (q.preg.trim() && ['S', 'T', 'U', 'N', 'Q', 'K'].includes(q.type)) {
    const re = pcreToRegExp(q.preg);
    const tip = stripTags(attr(q, 'em_validation_q_tip', opts.lang));
    if (re && values.some(([k, v]) => v !== '' && q.columns.find((c) => c.key === k)?.part === 'value' && !re.test(v))) return tip || t.pattern;
  }

  if (q.kind === 'date') {
    const v = answers[q.code] ?? '';
    const min = /^\d{4}-\d{2}-\d{2}/.exec(attr(q, 'date_min'))?.[0];
    const max = /^\d{4}-\d{2}-\d{2}/.exec(attr(q, 'date_max'))?.[0];
    if (v && min && v.slice(0, 10) < min) return t.dateMin(min.split('-').reverse().join('-'));
    if (v && max && v.slice(0, 10) > max) return t.dateMax(max.split('-').reverse().join('-'));
  }

  if (q.validation && 'expr' in q.validation && !isTrue(q.validation.expr, answersEnv(answers, opts.token ?? {}, model, opts.lang))) {
    return stripTags(attr(q, 'em_validation_q_tip', opts.lang)) || t.expression;
  }
  return null;
}
