// A tiny SQL lexer. The `libsql` package cannot tell us parameter names, how many statements a
// text holds (prepare("A; B") silently drops B) or what kind of statement it is, so we work
// these out ourselves, following the rules of SQLite's own tokenizer (tokenize.c).

export type StmtKind = 'insert' | 'update' | 'delete' | 'explain' | 'other';

export interface SqlInfo {
  /** Parameter slots in SQLite's numbering: slot i is parameter i+1; its name or null for `?`. */
  params: (string | null)[];
  kind: StmtKind;
}

interface Token {
  type: 'word' | 'param' | 'semi' | 'open' | 'close' | 'other';
  text: string;
  end: number;
}

const isIdChar = (c: string): boolean => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;

function* tokens(sql: string): Generator<Token> {
  let i = 0;
  const n = sql.length;
  const until = (close: string, from: number): number => {
    // Quotes are escaped by doubling them, so scanning to the next quote char and looping works.
    let j = from;
    for (;;) {
      j = sql.indexOf(close, j);
      if (j < 0) return n;
      if (close !== ']' && sql[j + 1] === close) j += 2;
      else return j + 1;
    }
  };
  while (i < n) {
    const c = sql[i]!;
    const start = i;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '-' && sql[i + 1] === '-') { const e = sql.indexOf('\n', i); i = e < 0 ? n : e + 1; continue; }
    if (c === '/' && sql[i + 1] === '*') { const e = sql.indexOf('*/', i + 2); i = e < 0 ? n : e + 2; continue; }
    let type: Token['type'] = 'other';
    if (c === "'" || c === '"' || c === '`') i = until(c, i + 1);
    else if (c === '[') i = until(']', i + 1);
    else if (c === ';') { type = 'semi'; i++; }
    else if (c === '(') { type = 'open'; i++; }
    else if (c === ')') { type = 'close'; i++; }
    else if (c === '?') { type = 'param'; i++; while (i < n && /[0-9]/.test(sql[i]!)) i++; }
    else if ((c === ':' || c === '@' || c === '$') && i + 1 < n && isIdChar(sql[i + 1]!)) {
      type = 'param';
      i++;
      for (;;) {
        if (i < n && isIdChar(sql[i]!)) i++;
        else if (sql[i] === ':' && sql[i + 1] === ':') i += 2;
        else if (sql[i] === '(') { const e = sql.indexOf(')', i); i = e < 0 ? n : e + 1; break; }
        else break;
      }
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      while (i < n && (isIdChar(sql[i]!) || sql[i] === '.' || (/[+-]/.test(sql[i]!) && /[eE]/.test(sql[i - 1]!)))) i++;
    } else if (isIdChar(c)) { type = 'word'; while (i < n && isIdChar(sql[i]!)) i++; }
    else i++;
    yield { type, text: sql.slice(start, i), end: i };
  }
}

/**
 * Splits a script into statements. `;` inside a CREATE TRIGGER body does not end the statement:
 * the body runs from BEGIN to its END, and CASE ... END pairs may nest inside it.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let words: string[] = [];
  let hasTokens = false;
  let depth = 0;
  let inBody = false;
  for (const t of tokens(sql)) {
    if (t.type === 'semi') {
      if (depth > 0) continue;
      if (hasTokens) out.push(sql.slice(start, t.end - 1).trim());
      start = t.end;
      words = [];
      hasTokens = false;
      inBody = false;
      continue;
    }
    if (!hasTokens) start = t.end - t.text.length; // leave leading comments out
    hasTokens = true;
    if (t.type !== 'word') continue;
    const w = t.text.toUpperCase();
    if (words.length < 3) words.push(w);
    const isTrigger = words[0] === 'CREATE' && (words[1] === 'TRIGGER' || words[2] === 'TRIGGER');
    if (!isTrigger) continue;
    if (w === 'BEGIN' && !inBody) { inBody = true; depth = 1; }
    else if (inBody && w === 'CASE') depth++;
    else if (inBody && w === 'END' && depth > 0) depth--;
  }
  if (hasTokens) out.push(sql.slice(start).trim());
  return out;
}

const cache = new Map<string, SqlInfo>();

/** Parameter slots and statement kind of a single statement. */
export function analyze(sql: string): SqlInfo {
  const hit = cache.get(sql);
  if (hit) return hit;
  const params: (string | null)[] = [];
  const named = new Map<string, number>();
  let first: string | undefined;
  let main: string | undefined;
  let depth = 0;
  for (const t of tokens(sql)) {
    if (t.type === 'open') depth++;
    else if (t.type === 'close') depth--;
    else if (t.type === 'word') {
      const w = t.text.toUpperCase();
      first ??= w;
      // In `WITH a AS (...) INSERT ...` the statement's kind is its first top-level verb.
      if (!main && depth === 0 && ['SELECT', 'VALUES', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE'].includes(w)) main = w;
    } else if (t.type === 'param') {
      // Same numbering as sqlite3ExprAssignVarNumber: `?` = highest + 1, `?N` = N, names reuse.
      if (t.text === '?') params.push(null);
      else if (t.text.startsWith('?')) {
        const idx = Number(t.text.slice(1));
        if (!(idx >= 1)) continue; // `?0` is refused by SQLite's prepare anyway
        while (params.length < idx) params.push(null);
        params[idx - 1] ??= t.text;
      } else if (!named.has(t.text)) {
        params.push(t.text);
        named.set(t.text, params.length);
      }
    }
  }
  const verb = first === 'EXPLAIN' ? 'EXPLAIN' : first === 'WITH' ? main : first;
  const kind: StmtKind =
    verb === 'INSERT' || verb === 'REPLACE' ? 'insert'
    : verb === 'UPDATE' ? 'update'
    : verb === 'DELETE' ? 'delete'
    : verb === 'EXPLAIN' ? 'explain'
    : 'other';
  const info = { params, kind };
  if (cache.size > 2000) cache.clear();
  cache.set(sql, info);
  return info;
}
