import { evaluate, isTrue, type Env } from '../../../shared/expression/evaluate';
import type { Compiled, FormModel, FormPage, FormQuestion } from './form-model';
import { stripTags } from './form-texts';

/** Stored answers: column key → value; an absent key is "not shown" (LimeSurvey's NULL). */
export type Answers = Record<string, string>;

/** Token fields a condition may read (TOKEN:FIRSTNAME, TOKEN:ATTRIBUTE_1 …). */
export type TokenValues = Record<string, string>;

export function answersEnv(answers: Answers, token: TokenValues, model?: FormModel, lang?: string): Env {
  return {
    get: (key) => (key.startsWith('TOKEN:') ? (token[key] ?? '') : Object.hasOwn(answers, key) ? answers[key]! : null),
    shown: (key, value) => {
      const q = model?.byKey.get(key);
      if (!q || !model) return value;
      const col = q.columns.find((c) => c.key === key);
      const options = q.options[col?.scale ?? 0] ?? [];
      const option = options.find((o) => o.code === value);
      const label = option ? (option.labels[lang ?? model.baseLanguage] ?? option.labels[model.baseLanguage]) : undefined;
      return typeof label === 'string' ? stripTags(label) : value;
    },
  };
}

/** True unless the condition compiled and says false (a condition it can't read shows the question). */
export const holds = (c: Compiled | null, env: Env) => !c || 'error' in c || isTrue(c.expr, env);

export function removeKeys(answers: Answers, q: FormQuestion): void {
  for (const c of q.columns) delete answers[c.key];
}

export interface PageRelevance {
  questions: Set<number>;
  rows: Set<number>;
}

/**
 * Relevance of one page's questions and rows, in order, so a question that depends on an
 * earlier one on the same page sees it. Keys of what is not relevant are removed from `answers`
 * (mutated), so nothing hidden is ever stored.
 */
export function applyPageRelevance(model: FormModel, page: FormPage, answers: Answers, token: TokenValues): PageRelevance {
  const env = answersEnv(answers, token, model);
  const questions = new Set<number>();
  const rows = new Set<number>();
  for (const q of page.questions) {
    // Rows are judged for every question, so a question that appears on screen shows its rows.
    for (const r of q.rows) if (holds(r.relevance, env)) rows.add(r.id);
    if (!holds(q.relevance, env)) {
      removeKeys(answers, q);
      continue;
    }
    questions.add(q.id);
    for (const r of q.rows) if (!rows.has(r.id)) for (const c of q.columns) if (c.subquestionId === r.id) delete answers[c.key];
  }
  return { questions, rows };
}

export function groupRelevant(model: FormModel, index: number, answers: Answers, token: TokenValues): boolean {
  const page = model.pages[index];
  return !!page && holds(page.relevance, answersEnv(answers, token, model));
}

/** The next relevant page after `from` (−1 = the welcome page), or null when there is none: the end. */
export function nextPage(model: FormModel, from: number, answers: Answers, token: TokenValues): number | null {
  for (let i = from + 1; i < model.pages.length; i++) if (groupRelevant(model, i, answers, token)) return i;
  return null;
}

export function previousPage(model: FormModel, from: number, answers: Answers, token: TokenValues): number | null {
  for (let i = Math.min(from, model.pages.length) - 1; i >= 0; i--) if (groupRelevant(model, i, answers, token)) return i;
  return null;
}

/** Position among the pages that are relevant now (1-based) and their number, for the progress bar. */
export function progressOf(model: FormModel, index: number, answers: Answers, token: TokenValues): { page: number; pages: number } {
  let pages = 0;
  let page = 0;
  for (let i = 0; i < model.pages.length; i++) {
    if (!groupRelevant(model, i, answers, token)) continue;
    pages++;
    if (i <= index) page = pages;
  }
  return { page: Math.max(1, page), pages: Math.max(1, pages) };
}

/** Equation questions of a page: computed from the answers and stored under their key. */
export function computeEquations(model: FormModel, questions: FormQuestion[], answers: Answers, token: TokenValues): void {
  const env = answersEnv(answers, token, model);
  for (const q of questions) {
    if (q.kind !== 'equation' || !q.equation) continue;
    const key = q.columns[0]?.key;
    if (!key || !Object.hasOwn(answers, key)) continue;
    answers[key] = stripTags(q.equation.map((p) => (typeof p === 'string' ? p : p.expr ? evaluate(p.expr, env) : p.src)).join(''));
  }
}

/**
 * Before completion: every page again in order, so a changed early answer drops later answers
 * that are no longer relevant (LimeSurvey stores those as NULL), and equations are final.
 */
export function finalizeAnswers(model: FormModel, answers: Answers, token: TokenValues): void {
  for (const page of model.pages) {
    if (!groupRelevant(model, page.index, answers, token)) {
      for (const q of page.questions) removeKeys(answers, q);
      continue;
    }
    applyPageRelevance(model, page, answers, token);
    computeEquations(model, page.questions, answers, token);
  }
}
