/**
 * Which cube column a question (and subquestion) of the survey structure API stands for; the
 * keys follow the import's column map (src/server/services/surveys/column-map.ts): Q, Q_SQ,
 * Q_SQ_scale (dual scale), Q_ROW_COL (number/text arrays), Q_rank (ranking); a multiple-choice
 * question is one column under its own code.
 */
export interface PickerQuestion {
  id: number;
  code: string;
  type: string;
  question: string;
  hasSubquestions: boolean;
}

export interface PickerSub {
  id: number;
  code: string;
  question: string;
  scale_id: number;
}

export interface ColumnChoice {
  key: string;
  label: string;
}

const MULTI = new Set(['M', 'P']);
const NO_DATA = new Set(['X', '|', '*', 'I']);

/**
 * The N methods that apply to a question type (the API refuses the others): `answers` differs from
 * `respondents` only where one respondent gives several answers (multiple choice).
 */
export function nMethodsOf(type: string | undefined): ('respondents' | 'answers' | 'total')[] {
  return type !== undefined && MULTI.has(type) ? ['respondents', 'answers', 'total'] : ['respondents', 'total'];
}

/** Questions that can feed a chart (text displays, uploads and equations cannot). */
export const usableQuestion = (q: PickerQuestion) => !NO_DATA.has(q.type);

/** Whether the picker must ask for a subquestion (spec 001 §5: required when the question has them). */
export const needsSubquestion = (q: PickerQuestion) => q.hasSubquestions && !MULTI.has(q.type);

/** The column choices of one question given its subquestions (empty list when it needs none). */
export function subquestionChoices(q: PickerQuestion, subs: PickerSub[]): ColumnChoice[] {
  if (!needsSubquestion(q)) return [];
  const rows = subs.filter((s) => s.scale_id === 0);
  if (q.type === ':' || q.type === ';') {
    const cols = subs.filter((s) => s.scale_id === 1);
    return rows.flatMap((r) => cols.map((c) => ({ key: `${q.code}_${r.code}_${c.code}`, label: `${r.question} – ${c.question}` })));
  }
  if (q.type === '1') return rows.flatMap((r) => [0, 1].map((s) => ({ key: `${q.code}_${r.code}_${s}`, label: `${r.question} (schaal ${s + 1})` })));
  return rows.map((r) => ({ key: `${q.code}_${r.code}`, label: r.question }));
}

/** The column of a question that needs no subquestion. Ranking questions chart their first rank. */
export function questionColumn(q: PickerQuestion): string {
  return q.type === 'R' ? `${q.code}_1` : q.code;
}
