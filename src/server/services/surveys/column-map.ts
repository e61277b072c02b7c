import { QUESTION_TYPES } from './question-types';
import type { StructureQuestion, SurveyStructure } from './load-structure';

/** How a column's values are checked on import. */
export type ColumnCheck =
  | { kind: 'codes'; codes: ReadonlySet<string> }
  | { kind: 'number' }
  | { kind: 'date' }
  | { kind: 'text' };

/**
 * One response column. `key` is the canonical name under which the value is stored (the
 * ExpressionScript style of LimeSurvey's VV v2 export: Q1, Q1_SQ001, Q1_other, Q1_SQ001_0 …);
 * `aliases` are every header that means the same column (SGQA, `Q1[SQ001]`, EM code).
 */
export interface ResponseColumn {
  key: string;
  questionId: number;
  subquestionId: number | null;
  part: 'value' | 'other' | 'comment' | 'filecount';
  scale: number;
  aliases: string[];
  check: ColumnCheck;
}

export const META_COLUMNS = ['id', 'token', 'submitdate', 'lastpage', 'startlanguage', 'seed', 'startdate', 'datestamp', 'ipaddr', 'refurl'] as const;

const TEXT: ColumnCheck = { kind: 'text' };

function valueCheck(q: StructureQuestion, scale: number): ColumnCheck {
  const type = QUESTION_TYPES[q.type]!;
  if (type.value === 'fixed') return { kind: 'codes', codes: new Set(type.codes) };
  if (type.value === 'check') return { kind: 'codes', codes: new Set(['Y']) };
  if (type.value === 'number') return { kind: 'number' };
  if (type.value === 'date') return { kind: 'date' };
  if (type.value === 'answers') {
    const codes = new Set(q.answers.filter((a) => a.scaleId === scale).map((a) => a.code));
    if (q.other && (q.type === 'L' || q.type === '!')) codes.add('-oth-');
    return { kind: 'codes', codes };
  }
  return TEXT;
}

/** The response columns of a survey in LimeSurvey's order, for every question type of reference §3.4. */
export function buildColumnMap(structure: SurveyStructure, lsSid: number | null): ResponseColumn[] {
  const out: ResponseColumn[] = [];
  for (const group of structure.groups) {
    for (const q of group.questions) {
      const type = QUESTION_TYPES[q.type];
      if (!type || type.value === 'none') continue;
      const sgqa = `${lsSid ?? 0}X${group.lsGid ?? group.id}X${q.lsQid ?? q.id}`;
      const c = q.code;
      const add = (suffixKey: string, suffixSgqa: string, bracket: string, part: ResponseColumn['part'], check: ColumnCheck, sub: number | null = null, scale = 0) => {
        const key = suffixKey ? `${c}_${suffixKey}` : c;
        const aliases = [...new Set([key, `${sgqa}${suffixSgqa}`, bracket ? `${c}[${bracket}]` : c])];
        out.push({ key, questionId: q.id, subquestionId: sub, part, scale, aliases, check });
      };
      const rows = q.subquestions.filter((s) => s.scaleId === 0);
      if (q.type === ':' || q.type === ';') {
        const cols = q.subquestions.filter((s) => s.scaleId === 1);
        for (const y of rows) for (const x of cols) add(`${y.code}_${x.code}`, `${y.code}_${x.code}`, `${y.code}_${x.code}`, 'value', valueCheck(q, 0), y.id);
      } else if (q.type === '1') {
        for (const sq of rows) for (const s of [0, 1]) {
          out.push({
            key: `${c}_${sq.code}_${s}`, questionId: q.id, subquestionId: sq.id, part: 'value', scale: s, check: valueCheck(q, s),
            aliases: [`${c}_${sq.code}_${s}`, `${sgqa}${sq.code}#${s}`, `${c}[${sq.code}][${s + 1}]`, `${c}_${sq.code}#${s}`],
          });
        }
      } else if (q.type === 'R') {
        const max = Number(typeof q.attributes.max_subquestions === 'string' ? q.attributes.max_subquestions : 0);
        const n = max > 0 ? Math.min(max, q.answers.length) : q.answers.length;
        for (let i = 1; i <= n; i++) add(String(i), String(i), String(i), 'value', valueCheck(q, 0));
      } else if (type.sub) {
        for (const sq of rows) {
          add(sq.code, sq.code, sq.code, 'value', valueCheck(q, 0), sq.id);
          if (q.type === 'P') add(`${sq.code}comment`, `${sq.code}comment`, `${sq.code}comment`, 'comment', TEXT, sq.id);
        }
        if (q.other && (q.type === 'M' || q.type === 'P')) {
          add('other', 'other', 'other', 'other', TEXT);
          if (q.type === 'P') add('othercomment', 'othercomment', 'othercomment', 'comment', TEXT);
        }
      } else {
        add('', '', '', 'value', valueCheck(q, 0));
        if (q.other && (q.type === 'L' || q.type === '!')) add('other', 'other', 'other', 'other', TEXT);
        if (q.type === 'O') add('comment', 'comment', 'comment', 'comment', TEXT);
        if (q.type === '|') add('filecount', '_filecount', 'filecount', 'filecount', { kind: 'number' });
      }
    }
  }
  return out;
}

/** Header name → column, over every alias; meta columns resolve to themselves. */
export function columnIndex(columns: ResponseColumn[]): Map<string, ResponseColumn> {
  const index = new Map<string, ResponseColumn>();
  for (const col of columns) for (const alias of col.aliases) if (!index.has(alias)) index.set(alias, col);
  return index;
}
