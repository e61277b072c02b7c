import type { Db } from '../../db/client';
import type { LangTexts } from '../../db/schema/surveys';
import { buildColumnMap } from '../surveys/column-map';
import { type StructureQuestion, loadStructure } from '../surveys/load-structure';

export interface ColumnLabel {
  text: string;
  /** Answer code → label (single choice: the answers of its scale; multiple choice: the subquestions). */
  options: Map<string, string>;
}

/** Codes of fixed-answer question types (yes/no, gender) and LimeSurvey's "other" option. */
const FIXED: Record<string, string> = { Y: 'Ja', N: 'Nee', M: 'Man', F: 'Vrouw', '-oth-': 'Anders' };

const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Question texts and answer labels per cube column key in `lang` (else the survey's base language,
 * else any), from the survey structure through the same column map the cube is built from.
 * Unknown keys (token attributes) are left out: callers fall back to the key and codes.
 */
export async function columnLabels(db: Db, survey: { id: number; lsSid: number | null; baseLanguage: string }, lang: string): Promise<Map<string, ColumnLabel>> {
  const structure = await loadStructure(db, survey.id);
  const pick = (t: LangTexts) => plain(t[lang] ?? t[survey.baseLanguage] ?? Object.values(t)[0] ?? '');
  const questions = new Map<number, StructureQuestion>();
  for (const g of structure.groups) for (const q of g.questions) questions.set(q.id, q);
  const out = new Map<string, ColumnLabel>();
  for (const col of buildColumnMap(structure, survey.lsSid)) {
    const q = questions.get(col.questionId);
    if (!q || col.part !== 'value') continue;
    const sub = q.subquestions.find((s) => s.id === col.subquestionId);
    if (q.type === 'M' || q.type === 'P') {
      if (!out.has(q.code)) out.set(q.code, { text: pick(q.texts) || q.code, options: new Map(q.subquestions.map((s) => [s.code, pick(s.texts) || s.code])) });
      continue;
    }
    const options = new Map(Object.entries(FIXED));
    for (const a of q.answers.filter((x) => x.scaleId === col.scale)) options.set(a.code, pick(a.labels) || a.code);
    const text = sub ? `${pick(q.texts) || q.code} – ${pick(sub.texts) || sub.code}` : pick(q.texts) || q.code;
    out.set(col.key, { text, options });
  }
  return out;
}
