import { and, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyLanguages, surveyQuestions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { QUESTION_TYPES } from './question-types';
import { loadStructure, type QuestionRow, type StructureQuestion } from './load-structure';
import { displayTitle, pick } from './present';
import { findVisibleSurvey, requireSurveyRole } from './scope';

export type StructurePart = 'survey' | 'group' | 'question' | 'answer' | 'sub';

/**
 * GET survey/{id}[/group | /question[/{qid}/answer | /sub]][/{lang}]: the structure in one language
 * (default: the survey's base language). `connection` is the question's SGQA code, the name its
 * column has in LimeSurvey exports of the install it came from.
 */
export async function getStructure(ctx: UserServiceContext, surveyId: number, part: StructurePart, opts: { lang?: string; qid?: number } = {}) {
  requireSurveyRole(ctx.user, ['survey.access', 'survey.view']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  const langs = await ctx.db.select({ language: surveyLanguages.language }).from(surveyLanguages).where(eq(surveyLanguages.surveyId, surveyId)).orderBy(sql`rowid`);
  const lang = opts.lang ?? survey.baseLanguage;
  if (!langs.some((l) => l.language === lang)) throw new AppError('NOT_FOUND', nl.notFound);
  const text = (t: Record<string, string>) => pick(t, lang, survey.baseLanguage);

  if (part === 'answer' || part === 'sub') {
    const [q] = await ctx.db.select().from(surveyQuestions).where(and(eq(surveyQuestions.id, opts.qid ?? 0), eq(surveyQuestions.surveyId, surveyId)));
    if (!q || q.parentId !== null) throw new AppError('NOT_FOUND', nl.notFound);
  }
  const structure = await loadStructure(ctx.db, surveyId);
  const sgqa = (gid: number | null, q: QuestionRow) => `${survey.lsSid ?? 0}X${gid}X${q.lsQid ?? q.id}`;
  const presentQuestion = (q: StructureQuestion, lsGid: number | null) => ({
    id: q.id, sid: surveyId, gid: q.groupId, parent_qid: 0, type: q.type, type_name: QUESTION_TYPES[q.type]?.name ?? q.type, code: q.code,
    question: text(q.texts), help: text(q.helps), mandatory: q.mandatory, other: q.other, relevance: q.relevance, connection: sgqa(lsGid, q),
    hasSubquestions: q.subquestions.length > 0, hasAnswers: q.answers.length > 0, order: q.sortOrder,
  });
  const groups = structure.groups.map((g) => ({
    id: g.id, sid: surveyId, name: text(g.names), description: text(g.descriptions), order: g.sortOrder, relevance: g.relevance,
    questions: g.questions.map((q) => presentQuestion(q, g.lsGid ?? g.id)),
  }));
  if (part === 'group') return groups.map(({ questions: _q, ...g }) => g);
  if (part === 'question') return groups.flatMap((g) => g.questions);
  const all = structure.groups.flatMap((g) => g.questions);
  const question = all.find((q) => q.id === opts.qid);
  if (part === 'answer') {
    return (question?.answers ?? []).map((a) => ({ qid: a.questionId, code: a.code, answer: text(a.labels), scale_id: a.scaleId, assessment_value: a.assessmentValue, order: a.sortOrder }));
  }
  if (part === 'sub') {
    return (question?.subquestions ?? []).map((s) => ({ id: s.id, sid: surveyId, parent_qid: s.parentId, code: s.code, question: text(s.texts), scale_id: s.scaleId, order: s.sortOrder }));
  }
  return { id: survey.id, sid: survey.lsSid, title: survey.title, displayTitle: displayTitle(survey), language: lang, languages: [survey.baseLanguage, ...langs.map((l) => l.language).filter((l) => l !== survey.baseLanguage)], groups };
}
