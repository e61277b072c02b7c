import type { RExpr } from '../../../shared/expression/evaluate';
import { ExpressionError } from '../../../shared/expression/parse';
import { compileExpression, isAlways, type Vocabulary } from '../../../shared/expression/resolve';
import type { LangTexts, QuestionAttributes } from '../../db/schema/surveys';
import { buildColumnMap, type ResponseColumn } from '../surveys/column-map';
import type { StructureQuestion, SurveyStructure } from '../surveys/load-structure';
import { QUESTION_TYPES } from '../surveys/question-types';
import { compileTemplate, fixedLabel, sanitizeHtml, stripTags, type Template } from './form-texts';

/** How a question is drawn and read (one per group of LimeSurvey type letters). */
export type QuestionKind = 'radio' | 'select' | 'checks' | 'array' | 'grid' | 'multi' | 'text' | 'date' | 'rank' | 'display' | 'equation' | 'file' | 'language';

/** A compiled condition, or why it could not be compiled (the form then shows the question). */
export type Compiled = { expr: RExpr } | { error: ExpressionError };

export interface FormOption { code: string; labels: Record<string, Template | string> }
export interface FormRow { id: number; code: string; texts: Record<string, Template | string>; relevance: Compiled | null }

export interface FormQuestion {
  id: number;
  code: string;
  type: string;
  kind: QuestionKind;
  /** 'Y' mandatory, 'S' soft mandatory (may be skipped after a warning), 'N'. */
  mandatory: 'Y' | 'S' | 'N';
  other: boolean;
  texts: Record<string, Template | string>;
  helps: Record<string, Template | string>;
  attributes: QuestionAttributes;
  /** Rows (subquestions, scale 0) and, for `:`/`;`, columns (scale 1). */
  rows: FormRow[];
  cols: FormRow[];
  /** Answer options per scale (two for the dual-scale type `1`). */
  options: FormOption[][];
  columns: ResponseColumn[];
  relevance: Compiled | null;
  validation: Compiled | null;
  equation: Template | null;
  preg: string;
  groupIndex: number;
}

export interface FormPage {
  index: number;
  groupId: number;
  names: LangTexts;
  descriptions: Record<string, Template | string>;
  relevance: Compiled | null;
  questions: FormQuestion[];
}

export interface ExpressionWarning {
  /** Question code, or the group's name for group conditions. */
  subject: string;
  where: 'relevance' | 'group' | 'subquestion' | 'validation' | 'equation' | 'filter';
  expression: string;
  error: ExpressionError;
}

export interface FormModel {
  surveyId: number;
  baseLanguage: string;
  languages: string[];
  pages: FormPage[];
  questions: Map<number, FormQuestion>;
  /** Column key → its question (every stored key of the survey). */
  byKey: Map<string, FormQuestion>;
  columns: ResponseColumn[];
  vocabulary: Vocabulary;
  warnings: ExpressionWarning[];
}

const KIND: Record<string, QuestionKind> = {
  L: 'radio', '5': 'radio', G: 'radio', Y: 'radio', O: 'radio', '!': 'select', I: 'language',
  M: 'checks', P: 'checks', A: 'array', B: 'array', C: 'array', E: 'array', F: 'array', H: 'array', '1': 'array',
  ':': 'grid', ';': 'grid', K: 'multi', Q: 'multi', N: 'text', S: 'text', T: 'text', U: 'text',
  D: 'date', R: 'rank', X: 'display', '*': 'equation', '|': 'file',
};

export const TOKEN_FIELDS = ['FIRSTNAME', 'LASTNAME', 'EMAIL', 'LANGUAGE', 'TOKEN'];

const attr = (q: { attributes: QuestionAttributes }, name: string, lang?: string): string => {
  const v = q.attributes[name];
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return (lang ? v[lang] : undefined) ?? Object.values(v)[0] ?? '';
};
export { attr as questionAttribute };

function compileTexts(source: LangTexts, vocabulary: Vocabulary): Record<string, Template | string> {
  const out: Record<string, Template | string> = {};
  for (const [lang, html] of Object.entries(source)) out[lang] = compileTemplate(sanitizeHtml(html), vocabulary);
  return out;
}

function optionsOf(q: StructureQuestion, languages: string[], texts: (l: LangTexts) => Record<string, Template | string>): FormOption[][] {
  const type = QUESTION_TYPES[q.type]!;
  if (type.value === 'fixed') return [type.codes!.map((code) => ({ code, labels: Object.fromEntries(languages.map((l) => [l, fixedLabel(q.type, code, l)])) }))];
  const scales = q.type === '1' ? [0, 1] : [0];
  return scales.map((s) => q.answers.filter((a) => a.scaleId === s).map((a) => ({ code: a.code, labels: texts(a.labels) })));
}

/** The vocabulary of expressions: every column key, token fields and attributes, SGQA ids, subquestion lists. */
export function buildVocabulary(structure: SurveyStructure, columns: ResponseColumn[], attributeNames: string[]): Vocabulary {
  const keys = new Set(columns.map((c) => c.key));
  for (const f of TOKEN_FIELDS) keys.add(`TOKEN:${f}`);
  for (const a of attributeNames) keys.add(`TOKEN:${a.toUpperCase()}`);
  const codeByLsQid = new Map<number, string>();
  const lists = new Map<string, string[]>();
  for (const g of structure.groups) {
    for (const q of g.questions) {
      if (q.lsQid !== null) codeByLsQid.set(q.lsQid, q.code);
      const own = columns.filter((c) => c.questionId === q.id && c.part === 'value' && c.subquestionId !== null).map((c) => c.key);
      if (own.length) lists.set(q.code, own);
    }
  }
  return { keys, codeByLsQid, lists };
}

/**
 * The survey as the form draws and checks it: one page per question group, questions with their
 * column keys, options and texts (sanitised HTML, `{…}` parts compiled), and every condition
 * compiled once. What can't be compiled is kept as a warning (import report, fieldwork panel).
 */
export function buildFormModel(
  surveyId: number,
  structure: SurveyStructure,
  survey: { lsSid: number | null; baseLanguage: string; languages: string[]; attributeNames: string[] },
  /** Without texts: only the conditions (the import's warnings), no HTML to sanitise. */
  opts: { texts?: boolean } = {},
): FormModel {
  const columns = buildColumnMap(structure, survey.lsSid);
  const vocabulary = buildVocabulary(structure, columns, survey.attributeNames);
  const texts = opts.texts === false ? () => ({}) : (source: LangTexts) => compileTexts(source, vocabulary);
  const warnings: ExpressionWarning[] = [];
  const compile = (src: string, subject: string, where: ExpressionWarning['where'], self?: string): Compiled | null => {
    if (isAlways(src)) return null;
    try {
      return { expr: compileExpression(src, { ...vocabulary, self }) };
    } catch (err) {
      if (!(err instanceof ExpressionError)) throw err;
      warnings.push({ subject, where, expression: src, error: err });
      return { error: err };
    }
  };
  const byKey = new Map<string, FormQuestion>();
  const questions = new Map<number, FormQuestion>();
  const byCode = new Map(structure.groups.flatMap((g) => g.questions.map((q) => [q.code, q] as const)));
  const lang = survey.baseLanguage;

  const pages = structure.groups.map((g, groupIndex): FormPage => {
    const page: FormPage = {
      index: groupIndex, groupId: g.id, names: g.names, descriptions: texts(g.descriptions),
      relevance: compile(g.relevance, stripTags(g.names[lang] ?? Object.values(g.names)[0] ?? String(g.id)), 'group'), questions: [],
    };
    for (const q of g.questions) {
      const own = columns.filter((c) => c.questionId === q.id);
      const filterCodes = [attr(q, 'array_filter'), attr(q, 'array_filter_exclude')];
      const rowRelevance = (sq: StructureQuestion['subquestions'][number]): Compiled | null => {
        const parts: string[] = [];
        if (!isAlways(sq.relevance)) parts.push(`(${sq.relevance})`);
        filterCodes.forEach((list, exclude) => {
          for (const source of list.split(/[;,\s]+/).filter(Boolean)) {
            const src = byCode.get(source);
            if (!src) {
              warnings.push({ subject: q.code, where: 'filter', expression: source, error: new ExpressionError('unknownVariable', source) });
              continue;
            }
            if (src.subquestions.some((s) => s.code === sq.code && s.scaleId === 0)) parts.push(`${source}_${sq.code}.NAOK ${exclude ? '!=' : '=='} "Y"`);
          }
        });
        return parts.length ? compile(parts.join(' and '), q.code, 'subquestion') : null;
      };
      const fq: FormQuestion = {
        id: q.id, code: q.code, type: q.type, kind: KIND[q.type] ?? 'display',
        mandatory: q.mandatory === 'Y' ? 'Y' : q.mandatory === 'S' ? 'S' : 'N', other: q.other,
        texts: texts(q.texts), helps: texts(q.helps), attributes: q.attributes,
        rows: q.subquestions.filter((s) => s.scaleId === 0).map((s) => ({ id: s.id, code: s.code, texts: texts(s.texts), relevance: rowRelevance(s) })),
        cols: q.subquestions.filter((s) => s.scaleId === 1).map((s) => ({ id: s.id, code: s.code, texts: texts(s.texts), relevance: null })),
        options: optionsOf(q, survey.languages, texts),
        columns: own,
        relevance: compile(q.relevance, q.code, 'relevance'),
        validation: compile(attr(q, 'em_validation_q'), q.code, 'validation', q.code),
        equation: null,
        preg: q.validation,
        groupIndex,
      };
      if (q.type === '*') {
        const source = attr(q, 'equation') || (q.texts[lang] ?? Object.values(q.texts)[0] ?? '');
        const template = compileTemplate(stripTags(source.includes('{') || attr(q, 'equation') === '' ? source : `{${source}}`), vocabulary);
        fq.equation = typeof template === 'string' ? [template] : template;
        for (const part of fq.equation) if (typeof part !== 'string' && !part.expr) warnings.push({ subject: q.code, where: 'equation', expression: part.src, error: safeError(part.src, vocabulary) });
      }
      for (const c of own) byKey.set(c.key, fq);
      questions.set(fq.id, fq);
      page.questions.push(fq);
    }
    return page;
  });
  return { surveyId, baseLanguage: survey.baseLanguage, languages: survey.languages, pages, questions, byKey, columns, vocabulary, warnings };
}

/** The error an equation part gave (compileTemplate swallows it; the warning names it). */
function safeError(src: string, vocabulary: Vocabulary): ExpressionError {
  try {
    compileExpression(src.replace(/^\{|\}$/g, ''), vocabulary);
  } catch (err) {
    if (err instanceof ExpressionError) return err;
  }
  return new ExpressionError('syntax', src);
}
