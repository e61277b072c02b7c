import xss from 'xss';
import type { Env } from '../../../shared/expression/evaluate';
import { evaluate } from '../../../shared/expression/evaluate';
import { splitTemplate } from '../../../shared/expression/parse';
import { compileExpression, type Vocabulary } from '../../../shared/expression/resolve';

const { FilterXSS } = xss as unknown as typeof import('xss');

// LimeSurvey texts are HTML written in its editor: keep the markup, drop scripts, styles and
// event handlers (the default allow-list has no `style` or `on*` attributes).
const filter = new FilterXSS({ stripIgnoreTagBody: ['script', 'style'], css: false });

export const sanitizeHtml = (html: string) => filter.process(html);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').trim();

/** A text with `{expression}` parts compiled once; literal parts stay as they are. */
export type Template = (string | { src: string; expr: ReturnType<typeof compileExpression> | null })[];

export function compileTemplate(html: string, vocabulary: Vocabulary): Template | string {
  if (!html.includes('{')) return html;
  const parts = splitTemplate(html);
  if (!parts.some((p) => p.expr !== undefined)) return html;
  return parts.map((p) => {
    if (p.expr === undefined) return p.text;
    try {
      // Entities from the HTML editor (&quot; …) inside an expression are plain characters.
      const src = p.expr.replace(/&quot;/g, '"').replace(/&#0?39;/g, "'").replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
      return { src: p.text, expr: compileExpression(src, vocabulary) };
    } catch {
      return { src: p.text, expr: null };
    }
  });
}

/** Fills in a template with the respondent's answers (HTML-escaped); parts it can't read stay literal. */
export function fillTemplate(t: Template | string, env: Env): string {
  if (typeof t === 'string') return t;
  return t.map((p) => (typeof p === 'string' ? p : p.expr ? escapeHtml(evaluate(p.expr, env)) : p.src)).join('');
}

/** Labels of LimeSurvey's fixed answer sets, in Dutch for Dutch surveys and English otherwise. */
const FIXED: Record<string, [string, string]> = {
  Y: ['Ja', 'Yes'], N: ['Nee', 'No'], U: ['Weet niet', 'Uncertain'],
  I: ['Toename', 'Increase'], S: ['Gelijk', 'Same'], D: ['Afname', 'Decrease'],
  M: ['Man', 'Male'], F: ['Vrouw', 'Female'],
};

export function fixedLabel(type: string, code: string, lang: string): string {
  if (['5', 'A', 'B'].includes(type)) return code;
  const pair = FIXED[code];
  if (!pair) return code;
  return lang.toLowerCase().startsWith('nl') ? pair[0] : pair[1];
}
