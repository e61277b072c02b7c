import { and, asc, eq, inArray, isNull, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyAnswers, surveyGroups, surveyQuestions } from '../../db/schema';

export type QuestionRow = typeof surveyQuestions.$inferSelect;
export type AnswerRow = typeof surveyAnswers.$inferSelect;
export type GroupRow = typeof surveyGroups.$inferSelect;

export interface StructureQuestion extends QuestionRow {
  subquestions: QuestionRow[];
  answers: AnswerRow[];
}
export interface SurveyStructure {
  groups: (GroupRow & { questions: StructureQuestion[] })[];
}

/** The whole structure of one survey, in LimeSurvey's order (group order, question order). */
export async function loadStructure(db: Db, surveyId: number): Promise<SurveyStructure> {
  const [groups, questions] = await Promise.all([
    db.select().from(surveyGroups).where(eq(surveyGroups.surveyId, surveyId)).orderBy(asc(surveyGroups.sortOrder), asc(surveyGroups.id)),
    db.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId)).orderBy(asc(surveyQuestions.sortOrder), asc(surveyQuestions.id)),
  ]);
  const ids = questions.filter((q) => q.parentId === null).map((q) => q.id);
  const answers = ids.length
    ? await db.select().from(surveyAnswers).where(inArray(surveyAnswers.questionId, ids)).orderBy(asc(surveyAnswers.scaleId), asc(surveyAnswers.sortOrder), asc(surveyAnswers.id))
    : [];
  return assembleStructure(groups, questions, answers);
}

/**
 * The structure queries of several surveys (`surveyIds`: ids or a subquery giving them) for one
 * batch (issue 20: no round trip waits for another); `assembleStructure` per survey afterwards.
 */
export function structureQueries(db: Db, surveyIds: number[] | SQLWrapper) {
  const parents = db.select({ id: surveyQuestions.id }).from(surveyQuestions).where(and(inArray(surveyQuestions.surveyId, surveyIds), isNull(surveyQuestions.parentId)));
  return [
    db.select().from(surveyGroups).where(inArray(surveyGroups.surveyId, surveyIds)).orderBy(asc(surveyGroups.sortOrder), asc(surveyGroups.id)),
    db.select().from(surveyQuestions).where(inArray(surveyQuestions.surveyId, surveyIds)).orderBy(asc(surveyQuestions.sortOrder), asc(surveyQuestions.id)),
    db.select().from(surveyAnswers).where(inArray(surveyAnswers.questionId, parents)).orderBy(asc(surveyAnswers.scaleId), asc(surveyAnswers.sortOrder), asc(surveyAnswers.id)),
  ] as const;
}

/** One survey's structure from its rows (groups and questions in order; answers of its parent questions). */
export function assembleStructure(groups: GroupRow[], questions: QuestionRow[], answers: AnswerRow[]): SurveyStructure {
  const byParent = new Map<number, StructureQuestion>();
  for (const q of questions) if (q.parentId === null) byParent.set(q.id, { ...q, subquestions: [], answers: [] });
  for (const q of questions) if (q.parentId !== null) byParent.get(q.parentId)?.subquestions.push(q);
  for (const a of answers) byParent.get(a.questionId)?.answers.push(a);
  return {
    groups: groups.map((g) => ({ ...g, questions: [...byParent.values()].filter((q) => q.groupId === g.id) })),
  };
}
