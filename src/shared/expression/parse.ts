/**
 * The parser of the ExpressionScript subset the portal evaluates (LimeSurvey's relevance and
 * validation language): literals, variables with `.NAOK`-style attributes, SGQA codes, `that.X`
 * lists, `TOKEN:ATTR`, comparisons (`==` … and `eq` …), `and`/`or`/`&&`/`||`/`!`, `+ - * /`,
 * parentheses and function calls. Used at import time on the server (to report what it can't
 * read) and, through the evaluator, in the browser. Anything else is an ExpressionError.
 */

export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/';

/** A parsed expression; `id` is a raw name such as `Q1.NAOK`, `282267X46X1435SH101`, `that.AF`. */
export type Expr =
  | { k: 'n'; v: number }
  | { k: 's'; v: string }
  | { k: 'id'; name: string }
  | { k: 'u'; op: '!' | '-' | '+'; a: Expr }
  | { k: 'b'; op: BinaryOp; a: Expr; b: Expr }
  | { k: 'f'; name: string; args: Expr[] };

export type ErrorCode = 'syntax' | 'assignment' | 'unknownFunction' | 'arity' | 'unknownVariable' | 'unsupportedAttribute' | 'regex';

/** Why an expression can't be evaluated; `detail` is the offending name or token. */
export class ExpressionError extends Error {
  constructor(readonly code: ErrorCode, readonly detail: string) {
    super(`${code}: ${detail}`);
  }
}

type Token = { t: 'num' | 'str' | 'id' | 'op' | '(' | ')' | ','; v: string };

const WORD_OPS: Record<string, string> = { and: 'and', or: 'or', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' };
// Longest first: `==` before `=`, `<=` before `<`.
const SYMBOLS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '(', ')', ','];
const SGQA = /^(?:INSERTANS:)?\d+X\d+X\d+[A-Za-z0-9_#]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/;
const NAME = /^(?:TOKEN:)?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const c = src[i]!;
    if (c === '"' || c === "'") {
      let v = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        v += src[j];
      }
      if (j >= src.length) throw new ExpressionError('syntax', rest.slice(0, 20));
      out.push({ t: 'str', v });
      i = j + 1;
      continue;
    }
    const sgqa = SGQA.exec(rest);
    if (sgqa) {
      out.push({ t: 'id', v: sgqa[0] });
      i += sgqa[0].length;
      continue;
    }
    const num = NUMBER.exec(rest);
    if (num) {
      out.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      const word = WORD_OPS[name[0].toLowerCase()];
      out.push(word ? { t: 'op', v: word } : { t: 'id', v: name[0] });
      i += name[0].length;
      continue;
    }
    const sym = SYMBOLS.find((s) => rest.startsWith(s));
    if (!sym) throw new ExpressionError(c === '=' ? 'assignment' : 'syntax', c);
    if (sym === '(' || sym === ')' || sym === ',') out.push({ t: sym, v: sym });
    else out.push({ t: 'op', v: sym === '&&' ? 'and' : sym === '||' ? 'or' : sym });
    i += sym.length;
  }
  return out;
}

// Binding power per binary operator (LimeSurvey: or < and < equality < relational < additive < multiplicative).
const POWER: Record<string, number> = { or: 1, and: 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6 };

/** Parses one expression; throws ExpressionError. An empty expression is the constant 1 (always relevant). */
export function parseExpression(src: string): Expr {
  const tokens = tokenize(src);
  if (!tokens.length) return { k: 'n', v: 1 };
  let pos = 0;
  const peek = () => tokens[pos];
  const fail = (): never => {
    throw new ExpressionError('syntax', peek()?.v ?? 'einde');
  };

  function primary(): Expr {
    const t = tokens[pos++];
    if (!t) return fail();
    if (t.t === 'num') return { k: 'n', v: Number(t.v) };
    if (t.t === 'str') return { k: 's', v: t.v };
    if (t.t === '(') {
      const e = binary(0);
      if (peek()?.t !== ')') fail();
      pos++;
      return e;
    }
    if (t.t === 'op' && (t.v === '!' || t.v === '-' || t.v === '+')) return { k: 'u', op: t.v, a: primary() };
    if (t.t === 'id') {
      if (peek()?.t !== '(') return { k: 'id', name: t.v };
      pos++;
      const args: Expr[] = [];
      if (peek()?.t !== ')') {
        for (;;) {
          args.push(binary(0));
          if (peek()?.t === ',') {
            pos++;
            continue;
          }
          break;
        }
      }
      if (peek()?.t !== ')') fail();
      pos++;
      return { k: 'f', name: t.v, args };
    }
    pos--;
    return fail();
  }

  function binary(min: number): Expr {
    let left = primary();
    for (;;) {
      const t = peek();
      const power = t?.t === 'op' ? POWER[t.v] : undefined;
      if (!t || power === undefined || power <= min) break;
      pos++;
      left = { k: 'b', op: t.v as BinaryOp, a: left, b: binary(power) };
    }
    return left;
  }

  const expr = binary(0);
  if (pos < tokens.length) fail();
  return expr;
}

/** Every raw variable name an expression reads (for dependency tracking and the import report). */
export function namesIn(e: Expr, out: string[] = []): string[] {
  if (e.k === 'id') out.push(e.name);
  else if (e.k === 'u') namesIn(e.a, out);
  else if (e.k === 'b') {
    namesIn(e.a, out);
    namesIn(e.b, out);
  } else if (e.k === 'f') for (const a of e.args) namesIn(a, out);
  return out;
}

/**
 * Splits a text into literal parts and `{expression}` parts the way LimeSurvey does: a `{`
 * followed by white space (CSS, scripts) is not an expression; quotes inside are respected.
 */
export function splitTemplate(text: string): { text: string; expr?: string }[] {
  const parts: { text: string; expr?: string }[] = [];
  let last = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '{' && text[i - 1] !== '\\' && i + 1 < text.length && !/\s/.test(text[i + 1]!)) {
      let j = i + 1;
      let quote: string | null = null;
      for (; j < text.length; j++) {
        const c = text[j]!;
        if (quote) {
          if (c === quote && text[j - 1] !== '\\') quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '}' || c === '{' || c === '\n') break;
      }
      if (j < text.length && text[j] === '}' && !/\s/.test(text[j - 1]!)) {
        if (i > last) parts.push({ text: text.slice(last, i) });
        parts.push({ text: text.slice(i, j + 1), expr: text.slice(i + 1, j) });
        last = i = j + 1;
        continue;
      }
    }
    i++;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
