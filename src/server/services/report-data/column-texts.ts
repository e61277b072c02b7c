import { type SQLWrapper, inArray } from 'drizzle-orm';
import { type Accuracy, fixedCodes } from '../../analytics';
import type { Db } from '../../db/client';
import { read, readOne } from '../../db/reads';
import { surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { chartsNl } from '../../../shared/i18n/charts';
import { buildColumnMap } from '../surveys/column-map';
import { type StructureQuestion, type SurveyStructure, assembleStructure, structureQueries } from '../surveys/load-structure';

/** Texts of one cube column in the data language: its question, the subquestion row, option labels by code. */
export interface ColumnTexts {
  question: string;
  subquestion: string | null;
  labels: Map<string, string>;
}

// Labels of the fixed-code question types (yes/no, gender, increase/decrease), which have no answer options of their own.
const FIXED: Record<string, string> = { Y: 'Ja', N: 'Nee', U: 'Weet niet', M: 'Man', F: 'Vrouw', I: 'Toename', S: 'Gelijk', D: 'Afname' };
const OTHER_CODES = ['-oth-', '__other__'];

/** LimeSurvey texts are HTML: tags out, common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const pickLang = (texts: Record<string, string> | null | undefined, lang: string, base: string) => plainText(texts?.[lang] || texts?.[base] || Object.values(texts ?? {})[0] || '');

/**
 * Question texts and option labels of every cube column of a survey, in `lang` (the survey's base
 * language when a text is missing). One structure load per survey, shared by all its data locations.
 * The survey row it reads also gives the accuracy settings behind every margin (no extra round trip).
 */
export async function loadColumnTexts(db: Db, surveyId: number, lang: string): Promise<SurveyTexts> {
  const found = (await readOne(db, columnTextsRead(db, [surveyId], lang))).get(surveyId);
  if (!found) throw new AppError('NOT_FOUND', nl.notFound);
  return found;
}

/** A survey's column texts, accuracy settings and current responses version (the cube's key). */
export interface SurveyTexts {
  texts: Map<string, ColumnTexts>;
  accuracy: Accuracy;
  responsesVersion: number;
}

/**
 * The column texts of several surveys (`surveyIds`: ids or a subquery giving them) as one read of
 * a request's batch (db/reads.ts): per live survey, missing and deleted surveys left out.
 */
export function columnTextsRead(db: Db, surveyIds: number[] | SQLWrapper, lang: string) {
  return read([db.select().from(surveys).where(inArray(surveys.id, surveyIds)), ...structureQueries(db, surveyIds)], ([surveyRows, groups, questions, answers]) => {
    const out = new Map<number, SurveyTexts>();
    for (const survey of surveyRows) {
      if (survey.deletedAt) continue;
      const mine = questions.filter((q) => q.surveyId === survey.id);
      const structure = assembleStructure(groups.filter((g) => g.surveyId === survey.id), mine, answers);
      out.set(survey.id, { ...columnTextsOf(survey, structure, lang), responsesVersion: survey.responsesVersion });
    }
    return out;
  });
}

function columnTextsOf(survey: typeof surveys.$inferSelect, structure: SurveyStructure, lang: string): { texts: Map<string, ColumnTexts>; accuracy: Accuracy } {
  const columns = buildColumnMap(structure, survey.lsSid);
  const base = survey.baseLanguage;
  const text = (t: Record<string, string>) => pickLang(t, lang, base);
  const questions = new Map<number, StructureQuestion>();
  for (const g of structure.groups) for (const q of g.questions) questions.set(q.id, q);
  const out = new Map<string, ColumnTexts>();
  const withOther = (labels: Map<string, string>) => {
    for (const c of OTHER_CODES) if (!labels.has(c)) labels.set(c, chartsNl.other);
    return labels;
  };
  for (const col of columns) {
    const q = questions.get(col.questionId);
    if (!q) continue;
    const sub = col.subquestionId !== null ? q.subquestions.find((s) => s.id === col.subquestionId) : undefined;
    if (q.type === 'M' || q.type === 'P') {
      // One multi column per question (its key is the question code): options are the subquestions.
      if (!out.has(q.code)) out.set(q.code, { question: text(q.texts), subquestion: null, labels: withOther(new Map(q.subquestions.map((s) => [s.code, text(s.texts)]))) });
      if (col.part === 'value') continue;
    }
    const labels = new Map<string, string>();
    for (const a of q.answers) if (a.scaleId === col.scale || q.type === 'R') labels.set(a.code, text(a.labels));
    // Free texts keep their own words ("N" stays "N"); only fixed-code types get Ja/Nee/Man/Vrouw…
    // The numeric scales (types 5 and A: 1–5, B: 1–10) have no texts in LimeSurvey: their labels
    // are the scale points themselves, never invented words.
    if (col.part === 'value') for (const code of fixedCodes(q.type) ?? []) if (!labels.has(code)) labels.set(code, FIXED[code] ?? code);
    const part = col.part === 'other' ? chartsNl.other : col.part === 'comment' ? 'Toelichting' : null;
    const subText = sub ? text(sub.texts) : null;
    out.set(col.key, { question: text(q.texts), subquestion: [subText, part].filter(Boolean).join(' – ') || null, labels: withOther(labels) });
  }
  for (const [key, description] of Object.entries(survey.attributeDescriptions ?? {})) {
    if (!out.has(key)) out.set(key, { question: plainText(typeof description === 'string' ? description : key), subquestion: null, labels: new Map() });
  }
  return { texts: out, accuracy: { populationSize: survey.populationSize, confidenceLevel: survey.confidenceLevel } };
}
