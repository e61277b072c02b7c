import type { ResponseColumn } from '../../src/server/services/surveys/column-map';

/** Mulberry32: a small deterministic PRNG for generated test and benchmark data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedResponse {
  id: number;
  submitdate: string | null;
  lastpage: number;
  startlanguage: string;
  /** key → value; a missing key is NULL (not shown). */
  answers: Record<string, string>;
}

const WORDS = ['fijn', 'wijk', 'groen', 'parkeren', 'veilig', 'buurt', '"bus"', 'a,b', 'straat', 'nieuw\nregel', 'café', 'ß{x}'];

/** A valid value for a column, or '' / NULL now and then. */
export function valueFor(col: ResponseColumn, rnd: () => number): string | null {
  const r = rnd();
  if (r < 0.05) return null;
  if (r < 0.1) return '';
  switch (col.check.kind) {
    case 'codes': {
      const codes = [...col.check.codes];
      return codes.length ? codes[Math.floor(rnd() * codes.length)]! : '';
    }
    case 'number':
      return String(Math.floor(rnd() * 1000) - 100);
    case 'date':
      return `20${10 + Math.floor(rnd() * 15)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)} 12:34:56`;
    default:
      return Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  }
}

export function generateResponse(id: number, columns: ResponseColumn[], rnd: () => number): GeneratedResponse {
  const answers: Record<string, string> = {};
  for (const col of columns) {
    const v = valueFor(col, rnd);
    if (v !== null) answers[col.key] = v;
  }
  const day = 1 + Math.floor(rnd() * 28);
  return { id, submitdate: rnd() < 0.9 ? `2025-03-${String(day).padStart(2, '0')} 10:00:00` : null, lastpage: 1 + Math.floor(rnd() * 5), startlanguage: 'nl', answers };
}

const q = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** A LimeSurvey CSV export: quoted, comma-separated, NULL and '' both empty. `header` picks the alias (0 EM, 1 SGQA, 2 bracket). */
export function csvHeader(columns: ResponseColumn[], alias: 0 | 1 | 2): string {
  return ['id', 'submitdate', 'lastpage', 'startlanguage', ...columns.map((c) => c.aliases[Math.min(alias, c.aliases.length - 1)]!)].map(q).join(',') + '\r\n';
}
export function csvLine(r: GeneratedResponse, columns: ResponseColumn[]): string {
  return [String(r.id), r.submitdate ?? '', String(r.lastpage), r.startlanguage, ...columns.map((c) => r.answers[c.key] ?? '')].map(q).join(',') + '\r\n';
}

const vvEscape = (v: string) => v.replace(/\{/g, '{lbrace}').replace(/\n/g, '{newline}').replace(/\r/g, '{cr}').replace(/\t/g, '{tab}').replace(/^"/, '{quote}');

/** A LimeSurvey VV file (version 2): tab-separated, line 1 texts, line 2 codes, NULL as {question_not_shown}. */
export function vvFile(rows: GeneratedResponse[], columns: ResponseColumn[]): string {
  const codes = ['id', 'submitdate', 'lastpage', 'startlanguage', ...columns.map((c) => c.key)];
  const lines = [codes.map((c) => `Vraag ${c}`).join('\t'), codes.join('\t')];
  for (const r of rows) {
    lines.push([String(r.id), r.submitdate ?? '{question_not_shown}', String(r.lastpage), r.startlanguage, ...columns.map((c) => (c.key in r.answers ? vvEscape(r.answers[c.key]!) : '{question_not_shown}'))].join('\t'));
  }
  return lines.join('\n') + '\n';
}
