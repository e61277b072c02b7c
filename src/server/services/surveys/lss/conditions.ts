import type { Row } from './read-tables';

const METHODS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function variable(field: string): string {
  const token = /^\{?(TOKEN:[A-Za-z0-9_]+)\}?$/.exec(field.trim());
  // A leading '+' marks a multiple-choice subquestion field compared with 'Y'.
  return token ? token[1]!.toUpperCase() : `${field.trim().replace(/^\+/, '')}.NAOK`;
}

function condition(r: Row, typeOf: (qid: string) => string | undefined): string {
  const method = (r.method ?? '==').trim();
  const raw = r.value ?? '';
  const field = (r.cfieldname ?? '').trim();
  // On a multiple-choice question the old editor names the question and puts the ticked subquestion in `value`.
  if (/^\d+X\d+X\d+$/.test(field) && ['M', 'P'].includes(typeOf(r.cqid ?? '') ?? '') && raw.trim()) {
    return `${field}${raw.trim()}.NAOK ${method === '!=' ? '!=' : '=='} "Y"`;
  }
  const left = variable(field);
  const other = /^@(.+)@$/.exec(raw.trim());
  const right = other ? variable(other[1]!) : quote(raw.trim());
  if (method === 'RX') return `regexMatch(${quote(raw)}, ${left})`;
  return `${left} ${METHODS.has(method) ? method : '=='} ${right}`;
}

/**
 * LimeSurvey's old condition editor (`conditions` table) as ExpressionScript relevance, the way
 * LimeSurvey itself converts them since 1.92: conditions on the same field are ORed, different
 * fields ANDed, scenarios ORed. Files from before that (the ls191 fixture) carry only these rows.
 */
export function conditionsToRelevance(rows: Row[], typeOf: (qid: string) => string | undefined): Map<string, string> {
  const byQuestion = new Map<string, Map<string, Map<string, string[]>>>();
  for (const r of rows) {
    if (!r.qid || !r.cfieldname) continue;
    const scenarios = byQuestion.get(r.qid) ?? new Map<string, Map<string, string[]>>();
    byQuestion.set(r.qid, scenarios);
    const fields = scenarios.get(r.scenario ?? '1') ?? new Map<string, string[]>();
    scenarios.set(r.scenario ?? '1', fields);
    const list = fields.get(r.cfieldname) ?? [];
    fields.set(r.cfieldname, list);
    list.push(condition(r, typeOf));
  }
  const out = new Map<string, string>();
  for (const [qid, scenarios] of byQuestion) {
    const ors = [...scenarios.values()].map((fields) => [...fields.values()].map((alts) => `(${alts.join(' or ')})`).join(' and '));
    out.set(qid, ors.map((s) => `(${s})`).join(' or '));
  }
  return out;
}
