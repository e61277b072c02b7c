import { FUNCTIONS, pcreToRegExp, type RExpr } from './evaluate';
import { ExpressionError, parseExpression, type Expr } from './parse';

/** The variables of one survey, as the form model knows them. */
export interface Vocabulary {
  /** Every readable key: response column keys (Q1, Q1_SQ001, Q1_other …) and TOKEN:… attributes. */
  keys: ReadonlySet<string>;
  /** LimeSurvey's own question id (of the exporting install) → question code, for SGQA names. */
  codeByLsQid: ReadonlyMap<number, string>;
  /** Question code → the keys of its subquestions (`that.CODE`, `self`). */
  lists: ReadonlyMap<string, readonly string[]>;
  /** The question the expression belongs to (for `self`), if any. */
  self?: string;
}

const PLAIN = new Set(['value', 'code', 'codeValue']);

function resolveKey(base: string, v: Vocabulary): string {
  if (v.keys.has(base)) return base;
  const sgqa = /^(?:INSERTANS:)?\d+X\d+X(\d+)(.*)$/.exec(base);
  if (sgqa) {
    const code = v.codeByLsQid.get(Number(sgqa[1]));
    const suffix = sgqa[2]!.replace('#', '_');
    const key = code === undefined ? undefined : suffix ? `${code}_${suffix}` : code;
    if (key !== undefined && v.keys.has(key)) return key;
  }
  const upper = base.toUpperCase();
  if (upper.startsWith('TOKEN:') && v.keys.has(upper)) return upper;
  // Question codes are case-sensitive in LimeSurvey, but exports differ in case now and then.
  const loose = [...v.keys].filter((k) => k.toLowerCase() === base.toLowerCase());
  if (loose.length === 1) return loose[0]!;
  throw new ExpressionError('unknownVariable', base);
}

function resolveName(raw: string, v: Vocabulary): RExpr {
  const insertAns = raw.startsWith('INSERTANS:');
  const name = insertAns ? raw.slice('INSERTANS:'.length) : raw;
  const parts = name.split('.');
  if (parts[0] === 'that' || parts[0] === 'self') {
    const code = parts[0] === 'self' ? v.self : parts[1];
    // A question without subquestions is a list of its one value.
    const keys = code === undefined ? undefined : (v.lists.get(code) ?? (v.keys.has(code) ? [code] : undefined));
    const attrs = parts.slice(parts[0] === 'self' ? 1 : 2);
    if (!keys || attrs.some((a) => a !== 'NAOK' && !PLAIN.has(a))) throw new ExpressionError('unknownVariable', raw);
    return { k: 'l', keys: [...keys] };
  }
  const [base, attr, ...more] = parts;
  if (more.length) throw new ExpressionError('unsupportedAttribute', raw);
  const key = resolveKey(base!, v);
  if (insertAns || attr === 'shown') return { k: 'v', key, naok: 1, attr: 'shown' };
  if (attr === undefined || PLAIN.has(attr)) return { k: 'v', key };
  if (attr === 'NAOK' || attr === 'valueNAOK') return { k: 'v', key, naok: 1 };
  if (attr === 'relevanceStatus') return { k: 'v', key, attr: 'rel' };
  throw new ExpressionError('unsupportedAttribute', raw);
}

function resolve(e: Expr, v: Vocabulary): RExpr {
  switch (e.k) {
    case 'n':
    case 's':
      return e;
    case 'id':
      return resolveName(e.name, v);
    case 'u':
      return { k: 'u', op: e.op, a: resolve(e.a, v) };
    case 'b':
      return { k: 'b', op: e.op, a: resolve(e.a, v), b: resolve(e.b, v) };
    case 'f': {
      const fn = FUNCTIONS[e.name] ? e.name : Object.keys(FUNCTIONS).find((f) => f.toLowerCase() === e.name.toLowerCase());
      if (!fn) throw new ExpressionError('unknownFunction', e.name);
      const [min, max] = FUNCTIONS[fn]!;
      if (e.args.length < min || (max >= 0 && e.args.length > max)) throw new ExpressionError('arity', fn);
      const args = e.args.map((a) => resolve(a, v));
      // A literal pattern JavaScript can't read is an import-time problem, not a silent false.
      if (fn === 'regexMatch' && args[0]?.k === 's' && !pcreToRegExp(args[0].v)) throw new ExpressionError('regex', args[0].v);
      return { k: 'f', name: fn, args };
    }
  }
}

/** Parses and resolves an expression against a survey's variables; throws ExpressionError. */
export function compileExpression(src: string, vocabulary: Vocabulary): RExpr {
  return resolve(parseExpression(src), vocabulary);
}

/** An expression that is always true ('', '1'): relevance that needs no evaluation. */
export const isAlways = (src: string) => /^\s*1?\s*$/.test(src);
