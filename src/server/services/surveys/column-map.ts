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
  /** LimeSurvey 7's id-based names (Q{qid}, Q{qid}_S{sqid} …): matched only after every code alias. */
  idAliases: string[];
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
      const qq = `Q${q.lsQid ?? q.id}`;
      const sq = (s: { lsQid: number | null; id: number }) => `S${s.lsQid ?? s.id}`;
      const c = q.code;
      const add = (suffixKey: string, suffixSgqa: string, bracket: string, part: ResponseColumn['part'], check: ColumnCheck, sub: number | null = null, scale = 0, idName?: string) => {
        const key = suffixKey ? `${c}_${suffixKey}` : c;
        const aliases = [...new Set([key, `${sgqa}${suffixSgqa}`, bracket ? `${c}[${bracket}]` : c])];
        out.push({ key, questionId: q.id, subquestionId: sub, part, scale, aliases, idAliases: idName ? [idName] : suffixKey ? [] : [qq], check });
      };
      const rows = q.subquestions.filter((s) => s.scaleId === 0);
      if (q.type === ':' || q.type === ';') {
        const cols = q.subquestions.filter((s) => s.scaleId === 1);
        for (const y of rows) for (const x of cols) add(`${y.code}_${x.code}`, `${y.code}_${x.code}`, `${y.code}_${x.code}`, 'value', valueCheck(q, 0), y.id, 0, `${qq}_${sq(y)}_${sq(x)}`);
      } else if (q.type === '1') {
        for (const sq of rows) for (const s of [0, 1]) {
          out.push({
            key: `${c}_${sq.code}_${s}`, questionId: q.id, subquestionId: sq.id, part: 'value', scale: s, check: valueCheck(q, s),
            aliases: [`${c}_${sq.code}_${s}`, `${sgqa}${sq.code}#${s}`, `${c}[${sq.code}][${s + 1}]`, `${c}_${sq.code}#${s}`],
            idAliases: [`${qq}_S${sq.lsQid ?? sq.id}#${s}`],
          });
        }
      } else if (q.type === 'R') {
        const max = Number(typeof q.attributes.max_subquestions === 'string' ? q.attributes.max_subquestions : 0);
        const n = max > 0 ? Math.min(max, q.answers.length) : q.answers.length;
        for (let i = 1; i <= n; i++) add(String(i), String(i), String(i), 'value', valueCheck(q, 0));
      } else if (type.sub) {
        for (const s of rows) {
          add(s.code, s.code, s.code, 'value', valueCheck(q, 0), s.id, 0, `${qq}_${sq(s)}`);
          if (q.type === 'P') add(`${s.code}comment`, `${s.code}comment`, `${s.code}comment`, 'comment', TEXT, s.id, 0, `${qq}_${sq(s)}_Ccomment`);
        }
        if (q.other && (q.type === 'M' || q.type === 'P')) {
          add('other', 'other', 'other', 'other', TEXT, null, 0, `${qq}_Cother`);
          if (q.type === 'P') add('othercomment', 'othercomment', 'othercomment', 'comment', TEXT, null, 0, `${qq}_Cothercomment`);
        }
      } else {
        add('', '', '', 'value', valueCheck(q, 0));
        if (q.other && (q.type === 'L' || q.type === '!')) add('other', 'other', 'other', 'other', TEXT, null, 0, `${qq}_Cother`);
        if (q.type === 'O') add('comment', 'comment', 'comment', 'comment', TEXT, null, 0, `${qq}_Ccomment`);
        if (q.type === '|') add('filecount', '_filecount', 'filecount', 'filecount', { kind: 'number' }, null, 0, `${qq}_Cfilecount`);
      }
    }
  }
  // A repeated question code (allowed by LimeSurvey 1.x) would give two columns one key: the later
  // one is stored under its SGQA name instead, which is unique.
  const keys = new Set<string>();
  for (const col of out) {
    if (keys.has(col.key)) col.key = col.aliases[1]!;
    keys.add(col.key);
  }
  return out;
}

/**
 * Header name → the columns it can mean, in LimeSurvey's order (code aliases before LimeSurvey 7's
 * id names). Old surveys may repeat a question code (LimeSurvey 1.x allowed it): a header then
 * names several columns, and the n-th occurrence in a file is the n-th of them, as LimeSurvey
 * writes its columns in field-map order.
 */
export function columnIndex(columns: ResponseColumn[]): Map<string, ResponseColumn[]> {
  const index = new Map<string, ResponseColumn[]>();
  const add = (alias: string, col: ResponseColumn) => {
    const list = index.get(alias);
    if (!list) index.set(alias, [col]);
    else if (!list.includes(col)) list.push(col);
  };
  for (const col of columns) for (const alias of col.aliases) add(alias, col);
  for (const col of columns) for (const alias of col.idAliases) if (!index.has(alias)) add(alias, col);
  return index;
}

/**
 * Headers LimeSurvey writes that carry nothing the portal stores, so a file with them is accepted
 * and they are skipped: the column of every text-display question (X: LimeSurvey's field map has
 * one, always empty), timings (interviewtime, {sid}X{gid}time, {sgqa}time, G{gid}time,
 * Q{qid}time) and the participant fields an export can add (names, e-mail, attributes: personal
 * data that lives with the tokens, never in a response).
 */
export function ignoredHeaders(structure: SurveyStructure, lsSid: number | null): Set<string> {
  const out = new Set<string>(['interviewtime', 'tid', 'participant_id', 'firstname', 'lastname', 'email', 'emailstatus', 'language', 'sent', 'remindersent', 'remindercount', 'completed', 'usesleft', 'validfrom', 'validuntil', 'blacklisted', 'optout']);
  for (const group of structure.groups) {
    const gid = group.lsGid ?? group.id;
    out.add(`${lsSid ?? 0}X${gid}time`);
    out.add(`G${gid}time`);
    for (const q of group.questions) {
      const sgqa = `${lsSid ?? 0}X${gid}X${q.lsQid ?? q.id}`;
      out.add(`${sgqa}time`);
      out.add(`Q${q.lsQid ?? q.id}time`);
      if (QUESTION_TYPES[q.type]?.value === 'none') for (const name of [q.code, sgqa, `Q${q.lsQid ?? q.id}`]) out.add(name);
    }
  }
  return out;
}

/** A participant attribute column of an export (attribute_1, or 'attribute_1 <Wijk>' in a tokens-style heading). */
export const isAttributeHeader = (name: string) => /^attribute_\d+( <.*>)?$/.test(name);
