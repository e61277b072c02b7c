import type { BinaryOp } from './parse';

/**
 * The evaluator of resolved expressions: the one module the server (every page, every save) and
 * the browser (live conditions) share. Names are already resolved to response column keys, so it
 * needs no survey structure, only the current values.
 *
 * Semantics (LimeSurvey's, written down where LimeSurvey leaves them implicit):
 * - a value is a string; '' is "no answer"; `null` from the environment is "not applicable"
 *   (the question was not shown or is not relevant);
 * - a plain variable that is not applicable makes the whole condition false; `.NAOK` reads it as '';
 * - comparisons are numeric when both sides are numbers, else textual; with an empty side only
 *   `==`/`!=` can be true (empty equals empty), `<`, `>` … are false;
 * - '', '0', 0 and false are false; everything else is true.
 */
export type Value = string | number | boolean;

/** A resolved expression (JSON: the server sends these to the browser). */
export type RExpr =
  | { k: 'n'; v: number }
  | { k: 's'; v: string }
  | { k: 'v'; key: string; naok?: 1; attr?: 'shown' | 'rel' }
  | { k: 'l'; keys: string[] }
  | { k: 'u'; op: '!' | '-' | '+'; a: RExpr }
  | { k: 'b'; op: BinaryOp; a: RExpr; b: RExpr }
  | { k: 'f'; name: string; args: RExpr[] };

export interface Env {
  /** The value of a column key; null when it is not applicable (not shown / not relevant). */
  get(key: string): string | null;
  /** The label shown for the answer (`.shown`); defaults to the value. */
  shown?(key: string, value: string): string;
}

const NA = { na: true };

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
export const isNumeric = (v: Value): boolean => (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' ? NUMERIC.test(v) : false);
const num = (v: Value): number => (typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : NUMERIC.test(v) ? Number(v) : 0);
export const toText = (v: Value): string => (typeof v === 'boolean' ? (v ? '1' : '') : typeof v === 'number' ? (Number.isFinite(v) ? String(Number(v.toPrecision(15))) : '') : v);
export const truthy = (v: Value): boolean => !(v === '' || v === '0' || v === 0 || v === false || (typeof v === 'number' && Number.isNaN(v)));
const empty = (v: Value) => v === '' || v === false;

function compare(op: BinaryOp, a: Value, b: Value): boolean {
  if (empty(a) || empty(b)) {
    if (op === '==') return empty(a) && empty(b);
    if (op === '!=') return !(empty(a) && empty(b));
    return false;
  }
  const both = isNumeric(a) && isNumeric(b);
  const x = both ? num(a) : toText(a);
  const y = both ? num(b) : toText(b);
  switch (op) {
    case '==': return x === y;
    case '!=': return x !== y;
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    default: return x >= y;
  }
}

/** PCRE-style '/pattern/flags' (LimeSurvey's regexMatch and `preg`) as a JavaScript RegExp; null when JavaScript can't read it. */
export function pcreToRegExp(pattern: string): RegExp | null {
  const p = pattern.trim();
  const d = p[0];
  let body = p;
  let flags = '';
  if (d && !/[A-Za-z0-9\\\s]/.test(d)) {
    const close = d === '(' ? ')' : d === '{' ? '}' : d === '[' ? ']' : d === '<' ? '>' : d;
    const end = p.lastIndexOf(close);
    if (end <= 0) return null;
    body = p.slice(1, end);
    flags = p.slice(end + 1);
    if (/[^imsuxU]/.test(flags) || /[xU]/.test(flags)) return null;
  }
  try {
    return new RegExp(body, `${flags}u`);
  } catch {
    try {
      return new RegExp(body, flags);
    } catch {
      return null;
    }
  }
}

const nums = (args: Value[]) => args.filter((a) => !empty(a) && isNumeric(a)).map(num);
const round = (v: number, d = 0) => Math.round(v * 10 ** d + Number.EPSILON * Math.sign(v)) / 10 ** d;

/** Functions with their argument counts: [min, max] (max -1 = any). */
export const FUNCTIONS: Record<string, [number, number, (a: Value[]) => Value]> = {
  abs: [1, 1, ([a]) => Math.abs(num(a!))],
  ceil: [1, 1, ([a]) => Math.ceil(num(a!))],
  floor: [1, 1, ([a]) => Math.floor(num(a!))],
  round: [1, 2, ([a, d]) => round(num(a!), d === undefined ? 0 : num(d))],
  sqrt: [1, 1, ([a]) => Math.sqrt(num(a!))],
  pi: [0, 0, () => Math.PI],
  cos: [1, 1, ([a]) => Math.cos(num(a!))],
  sin: [1, 1, ([a]) => Math.sin(num(a!))],
  exp: [1, 1, ([a]) => Math.exp(num(a!))],
  log: [1, 1, ([a]) => Math.log(num(a!))],
  pow: [2, 2, ([a, b]) => num(a!) ** num(b!)],
  intval: [1, 2, ([a]) => Math.trunc(num(typeof a === 'string' ? (/^\s*[+-]?\d+/.exec(a)?.[0] ?? '0') : a!))],
  floatval: [1, 1, ([a]) => num(typeof a === 'string' ? (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(a)?.[0] ?? '0') : a!)],
  min: [1, -1, (a) => (nums(a).length ? Math.min(...nums(a)) : '')],
  max: [1, -1, (a) => (nums(a).length ? Math.max(...nums(a)) : '')],
  sum: [1, -1, (a) => nums(a).reduce((s, v) => s + v, 0)],
  count: [1, -1, (a) => a.filter((v) => !empty(v)).length],
  countif: [2, -1, ([m, ...a]) => a.filter((v) => !empty(v) && compare('==', v, m!)).length],
  is_empty: [1, 1, ([a]) => empty(a!)],
  is_numeric: [1, 1, ([a]) => isNumeric(a!)],
  if: [3, 3, ([c, t, f]) => (truthy(c!) ? t! : f!)],
  strlen: [1, 1, ([a]) => [...toText(a!)].length],
  strtolower: [1, 1, ([a]) => toText(a!).toLowerCase()],
  strtoupper: [1, 1, ([a]) => toText(a!).toUpperCase()],
  trim: [1, 1, ([a]) => toText(a!).trim()],
  implode: [2, -1, ([g, ...a]) => a.map(toText).join(toText(g!))],
  join: [1, -1, (a) => a.map(toText).join('')],
  list: [1, -1, (a) => a.map(toText).filter(Boolean).join(', ')],
  regexMatch: [2, 2, ([p, s]) => pcreToRegExp(toText(p!))?.test(toText(s!)) ?? false],
};

function run(e: RExpr, env: Env, out: Value[]): void {
  if (e.k === 'l') {
    for (const key of e.keys) out.push(env.get(key) ?? '');
  } else out.push(value(e, env));
}

function value(e: RExpr, env: Env): Value {
  switch (e.k) {
    case 'n':
    case 's':
      return e.v;
    case 'v': {
      const v = env.get(e.key);
      if (e.attr === 'rel') return v !== null;
      if (v === null) {
        if (e.naok) return '';
        throw NA;
      }
      return e.attr === 'shown' ? (env.shown?.(e.key, v) ?? v) : v;
    }
    case 'l':
      return e.keys.map((k) => env.get(k) ?? '').join('');
    case 'u': {
      const a = value(e.a, env);
      return e.op === '!' ? !truthy(a) : e.op === '-' ? -num(a) : num(a);
    }
    case 'b': {
      if (e.op === 'and') return truthy(value(e.a, env)) && truthy(value(e.b, env));
      if (e.op === 'or') return truthy(value(e.a, env)) || truthy(value(e.b, env));
      const a = value(e.a, env);
      const b = value(e.b, env);
      if (e.op === '+') return isNumeric(a) && isNumeric(b) ? num(a) + num(b) : empty(a) || empty(b) ? num(a) + num(b) : toText(a) + toText(b);
      if (e.op === '-') return num(a) - num(b);
      if (e.op === '*') return num(a) * num(b);
      if (e.op === '/') return num(b) === 0 ? '' : num(a) / num(b);
      return compare(e.op, a, b);
    }
    case 'f': {
      if (e.name === 'if') {
        const [c, t, f] = e.args;
        return truthy(value(c!, env)) ? value(t!, env) : value(f!, env);
      }
      const args: Value[] = [];
      for (const a of e.args) run(a, env, args);
      return FUNCTIONS[e.name]![2](args);
    }
  }
}

/** A condition (relevance, validation): true or false; a plain variable that is not applicable makes it false. */
export function isTrue(e: RExpr, env: Env): boolean {
  // LimeSurvey's rule holds for the whole expression, also for parts `and`/`or` would skip.
  if (anyPlainNA(e, env)) return false;
  try {
    return truthy(value(e, env));
  } catch (err) {
    if (err === NA) return false;
    throw err;
  }
}

/** A value (equations, text substitution): not-applicable variables give ''. */
export function evaluate(e: RExpr, env: Env): string {
  try {
    return toText(value(e, env));
  } catch (err) {
    if (err === NA) return '';
    throw err;
  }
}

function anyPlainNA(e: RExpr, env: Env): boolean {
  if (e.k === 'v') return !e.naok && e.attr !== 'rel' && env.get(e.key) === null;
  if (e.k === 'u') return anyPlainNA(e.a, env);
  if (e.k === 'b') return anyPlainNA(e.a, env) || anyPlainNA(e.b, env);
  if (e.k === 'f') return e.args.some((a) => anyPlainNA(a, env));
  return false;
}

/** Every column key an expression reads. */
export function keysIn(e: RExpr, out: Set<string> = new Set()): Set<string> {
  if (e.k === 'v') out.add(e.key);
  else if (e.k === 'l') for (const k of e.keys) out.add(k);
  else if (e.k === 'u') keysIn(e.a, out);
  else if (e.k === 'b') {
    keysIn(e.a, out);
    keysIn(e.b, out);
  } else if (e.k === 'f') for (const a of e.args) keysIn(a, out);
  return out;
}
