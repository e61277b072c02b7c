import { type Cube, type FilterCondition, getColumn, planeHistogram } from '../../analytics';
import type { SurveyStructure } from '../surveys/load-structure';
import type { ResponseColumn } from '../surveys/column-map';

export interface GeneratedOption {
  label: string;
  conditions: FilterCondition[];
}

const FIXED_LABELS: Record<string, string> = { Y: 'Ja', N: 'Nee', U: 'Weet niet', M: 'Man', F: 'Vrouw', I: 'Toename', S: 'Gelijk', D: 'Afname', '-oth-': 'Anders' };
const MAX_LABEL = 191;

function textOf(texts: Record<string, string>, lang: string): string {
  const raw = texts[lang] ?? Object.values(texts)[0] ?? '';
  return raw.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

const clip = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);

/** The question title and option labels behind a cube column (answer texts in the base language). */
export function columnLabels(structure: SurveyStructure, columns: ResponseColumn[], key: string, lang: string): { title: string; labels: Map<string, string> } {
  const labels = new Map<string, string>();
  const questions = structure.groups.flatMap((g) => g.questions);
  const col = columns.find((c) => c.key === key);
  const q = questions.find((x) => (col ? x.id === col.questionId : x.code === key));
  if (!q) return { title: key, labels };
  for (const a of q.answers) if (!col || a.scaleId === col.scale) labels.set(a.code, textOf(a.labels, lang));
  for (const s of q.subquestions) if (s.scaleId === 0 && !labels.has(s.code)) labels.set(s.code, textOf(s.texts, lang));
  const sub = col?.subquestionId ? q.subquestions.find((s) => s.id === col.subquestionId) : undefined;
  const title = [textOf(q.texts, lang), sub ? textOf(sub.texts, lang) : ''].filter(Boolean).join(' – ');
  return { title: clip(title || key), labels };
}

/**
 * Options of a generated category (spec 001 §7 generate): one per answer code of a single or
 * multiple-choice column; one per distinct answer of an open-text column that at least
 * `minCount` respondents gave (the cube's dictionary, most frequent first). Null when the column
 * can't be turned into options (numeric).
 */
export function generateOptions(cube: Cube, key: string, labels: Map<string, string>, minCount: number): GeneratedOption[] | null {
  const col = getColumn(cube, key);
  if (col.kind === 'single' || col.kind === 'multi') {
    return col.codes.map((code) => ({ label: clip(labels.get(code) || FIXED_LABELS[code] || code), conditions: [{ columnKey: key, comparator: 'equal', value: code }] }));
  }
  if (col.kind === 'text') {
    const counts = planeHistogram(col.planes, null, 0, cube.rowCount);
    return col.dictionary
      .map((value, i) => ({ value, count: counts[i + 1]! }))
      .filter((d) => d.count >= minCount && d.value.length <= MAX_LABEL)
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .map((d) => ({ label: d.value, conditions: [{ columnKey: key, comparator: 'equal', value: d.value }] }));
  }
  return null;
}
