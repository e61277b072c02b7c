import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyResponses, surveys } from '../../db/schema';
import { AppError } from '../../errors';
import { zknNl } from '../../../shared/i18n/zkn';
import { RATING_FIELDS, type RatingField, type RatingJobSurveyInput } from '../../../shared/validation/zkn';
import { ZKN_ASPECTS, type ZknAspect } from '../../analytics/zkn-ranking';
import type { ResponseColumn } from '../surveys/column-map';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { plainText } from '../report-data/column-texts';
import type { ParsedRating } from './parse-ratings';
import { notFound } from './scope';

type Mapping = RatingJobSurveyInput['mapping'];

const isScoreCodes = (codes: ReadonlySet<string>) => codes.size > 0 && [...codes].every((c) => /^(10|[1-9])$/.test(c));

/** Which rating fields a response column can feed (its kind must fit the field). */
export function fieldsOfColumn(col: ResponseColumn): RatingField[] {
  if (col.part !== 'value') return [];
  const c = col.check;
  const score = c.kind === 'number' || (c.kind === 'codes' && isScoreCodes(c.codes));
  return RATING_FIELDS.filter((f) => {
    if (f === 'agb_code') return c.kind === 'text' || c.kind === 'number';
    if (f === 'datum') return c.kind === 'date';
    if (f === 'aanbevelen') return c.kind === 'codes' && c.codes.has('Y') && [...c.codes].every((x) => x === 'Y' || x === 'N');
    return score;
  });
}

/** The survey of the organisation (404 for an unknown, deleted or another organisation's survey). */
async function ownSurvey(db: Db, companyId: number, surveyId: number) {
  const [s] = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, companyId), isNull(surveys.deletedAt)));
  if (!s) throw notFound();
  return s;
}

/** Checks that every mapped question exists and fits its field; a 422 names the field otherwise. */
export async function checkSurveyMapping(db: Db, companyId: number, surveyId: number, mapping: Mapping) {
  const survey = await ownSurvey(db, companyId, surveyId);
  const { columns } = await loadSurveyColumns(db, surveyId);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const errors: Record<string, string[]> = {};
  for (const field of RATING_FIELDS) {
    const key = mapping[field];
    if (!key) continue;
    const col = byKey.get(key);
    if (!col) errors[`mapping.${field}`] = [zknNl.survey.missing(key)];
    else if (!fieldsOfColumn(col).includes(field)) errors[`mapping.${field}`] = [zknNl.survey.wrongKind(key, zknNl.fieldLabels[field]!)];
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION', first[0]!, errors);
  return survey;
}

/** The form's choices: the organisation's surveys with, per question column, the fields it can feed. */
export async function surveySources(db: Db, companyId: number) {
  const rows = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), isNull(surveys.deletedAt)))
    .orderBy(asc(surveys.title), asc(surveys.id));
  const out = [];
  for (const s of rows) {
    const { survey, structure, columns } = await loadSurveyColumns(db, s.id);
    const lang = survey.baseLanguage;
    const questions = new Map(structure.groups.flatMap((g) => g.questions.flatMap((q) => [[q.id, q] as const, ...q.subquestions.map((sq) => [sq.id, sq] as const)])));
    const text = (id: number | null) => (id === null ? '' : plainText(questions.get(id)?.texts[lang] ?? '').slice(0, 80));
    const choices = columns
      // A subquestion's own text before its question's: in a narrow select the row ('Het maken van een afspraak') is what tells the options apart.
      .map((c) => ({ key: c.key, label: [c.key, text(c.subquestionId), text(c.questionId)].filter(Boolean).join(' — '), fields: fieldsOfColumn(c) }))
      .filter((c) => c.fields.length);
    if (choices.some((c) => c.fields.includes('agb_code')) && choices.some((c) => c.fields.includes('cijfer'))) out.push({ id: s.id, title: s.title, columns: choices });
  }
  return out;
}
export type SurveySource = Awaited<ReturnType<typeof surveySources>>[number];

const whole1to10 = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : null;
};

/**
 * The survey's completed responses as ratings, for the same computation as a ratings file. A
 * response without a known AGB code or a whole overall score 1–10 is skipped; an aspect outside
 * 1–10 counts as unanswered; the date is the mapped date question's, else the submit date.
 * `line` is the response id (the provider detail names it).
 */
export async function readSurveyRatings(db: Db, companyId: number, surveyId: number, mapping: Mapping, providerByAgb: Map<string, number>) {
  await ownSurvey(db, companyId, surveyId);
  const rows = await db
    .select({ id: surveyResponses.id, responseId: surveyResponses.responseId, submitDate: surveyResponses.submitDate, answers: surveyResponses.answers })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), isNotNull(surveyResponses.submitDate)))
    .orderBy(asc(surveyResponses.id));
  const out: ParsedRating[] = [];
  let skipped = 0;
  for (const r of rows) {
    const answers = JSON.parse(r.answers) as Record<string, string | null>;
    const get = (f: RatingField) => {
      const key = mapping[f];
      const v = key ? answers[key] : undefined;
      return v === null || v === undefined ? undefined : String(v).trim();
    };
    let agb = get('agb_code') ?? '';
    if (/^\d{1,8}(\.0*)?$/.test(agb)) agb = agb.replace(/\.0*$/, '').padStart(8, '0');
    const providerId = providerByAgb.get(agb);
    const overall = whole1to10(get('cijfer'));
    if (providerId === undefined || overall === null) {
      skipped++;
      continue;
    }
    const date = (get('datum') || r.submitDate || '').slice(0, 10);
    const aspects = Object.fromEntries(ZKN_ASPECTS.map((a) => [a, whole1to10(get(a))])) as Record<ZknAspect, number | null>;
    const rec = get('aanbevelen');
    out.push({ line: r.responseId ?? r.id, providerId, ratedOn: date, overall, aspects, recommend: rec === 'Y' ? true : rec === 'N' ? false : null });
  }
  return { ratings: out, skipped };
}
