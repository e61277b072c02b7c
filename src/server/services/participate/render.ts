import type { Env, RExpr } from '../../../shared/expression/evaluate';
import { keysIn } from '../../../shared/expression/evaluate';
import type { FormModel, FormOption, FormPage, FormQuestion } from './form-model';
import { fillTemplate, stripTags, type Template } from './form-texts';
import { answersEnv, type Answers, type TokenValues } from './page-flow';

/** Helpers the participation components draw with: texts in the respondent's language, ids, the live-condition data. */
export interface RenderContext {
  model: FormModel;
  lang: string;
  env: Env;
}

export function renderContext(model: FormModel, lang: string, values: Answers, token: TokenValues): RenderContext {
  return { model, lang, env: answersEnv(values, token, model, lang) };
}

/** A LimeSurvey text in the language (else the base language), with `{…}` filled in; HTML, sanitised at build. */
export function textIn(rc: RenderContext, texts: Record<string, Template | string>): string {
  const t = texts[rc.lang] ?? texts[rc.model.baseLanguage] ?? Object.values(texts)[0] ?? '';
  return fillTemplate(t, rc.env);
}

/** For a legend or label: paragraphs of the editor become line breaks (a legend holds phrasing content only). */
export function inline(html: string): string {
  return html
    .replace(/^\s*<p[^>]*>/i, '')
    .replace(/<\/p>\s*$/i, '')
    .replace(/<\/p>\s*<p[^>]*>/gi, '<br>')
    .replace(/<\/?(p|div|h[1-6]|ul|ol|li|table|tbody|thead|tr|td|th)\b[^>]*>/gi, ' ')
    .trim();
}

export const optionLabel = (rc: RenderContext, o: FormOption) => inline(textIn(rc, o.labels));

/** Options that fit side by side on a phone: a number scale, or a few short words; else one per line. */
export function sideBySide(labels: string[]): boolean {
  const lengths = labels.map((l) => stripTags(l).length);
  return labels.length > 1 && (lengths.every((n) => n <= 3) || (labels.length <= 4 && lengths.every((n) => n <= 8)));
}

/** DOM ids: one per question, field and message, derived from ids and column keys (unique on a page). */
export const ids = {
  question: (q: FormQuestion) => `q${q.id}`,
  error: (q: FormQuestion) => `q${q.id}-error`,
  help: (q: FormQuestion) => `q${q.id}-help`,
  field: (key: string, code?: string) => `f-${key}${code === undefined ? '' : `-${code.replace(/[^A-Za-z0-9_-]/g, '_')}`}`,
};

/** The ids an input's aria-describedby lists: its question's help and error messages when present. */
export function describedBy(q: FormQuestion, hasHelp: boolean, hasError: boolean): string | undefined {
  const list = [hasHelp ? ids.help(q) : '', hasError ? ids.error(q) : ''].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

/** Live conditions for the page's script: compiled conditions and the values from other pages they read. */
export interface LiveLogic {
  /** [question id, row id or 0, expression] */
  c: [number, number, RExpr][];
  /** Values of keys outside this page (null = not applicable). */
  v: Record<string, string | null>;
  /** Keys on this page → their question id (a hidden question's keys read as not applicable). */
  k: Record<string, number>;
}

export function liveLogic(rc: RenderContext, pages: FormPage[]): LiveLogic | null {
  const c: LiveLogic['c'] = [];
  const questions = pages.flatMap((p) => p.questions);
  for (const q of questions) {
    if (q.relevance && 'expr' in q.relevance) c.push([q.id, 0, q.relevance.expr]);
    for (const r of q.rows) if (r.relevance && 'expr' in r.relevance) c.push([q.id, r.id, r.relevance.expr]);
  }
  if (!c.length) return null;
  const onPage = new Map<string, number>();
  for (const q of questions) for (const col of q.columns) onPage.set(col.key, q.id);
  const keys = new Set<string>();
  for (const [, , e] of c) keysIn(e, keys);
  const v: LiveLogic['v'] = {};
  const k: LiveLogic['k'] = {};
  for (const key of keys) {
    const qid = onPage.get(key);
    if (qid !== undefined) k[key] = qid;
    else v[key] = rc.env.get(key);
  }
  return { c, v, k };
}

/** JSON for a <script type="application/json"> (no '<' that could end the element). */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** Language names for the switch, in Dutch ('Engels', 'Arabisch' …), LimeSurvey codes as the fallback. */
const names = new Intl.DisplayNames(['nl'], { type: 'language' });
export function languageName(code: string): string {
  try {
    return names.of(code.replace(/-informal$/, '')) ?? code;
  } catch {
    return code;
  }
}
