import type { UserServiceContext } from '../../context';
import { loadStructure } from './load-structure';
import { QUESTION_TYPES } from './question-types';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/**
 * The survey screen's question list: every group with its questions in LimeSurvey's order, each
 * with type, code, texts and help per language, subquestions (rows, and columns for `:`/`;`) and
 * answer options per scale. Texts are returned for every language; the page picks one.
 */
export async function getQuestionList(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, ['survey.edit', 'survey.view']);
  await findVisibleSurvey(ctx, surveyId);
  const structure = await loadStructure(ctx.db, surveyId);
  return structure.groups.map((g) => ({
    id: g.id,
    names: g.names,
    descriptions: g.descriptions,
    relevance: g.relevance,
    questions: g.questions.map((q) => ({
      id: q.id,
      code: q.code,
      type: q.type,
      typeName: QUESTION_TYPES[q.type]?.name ?? q.type,
      mandatory: q.mandatory,
      other: q.other,
      relevance: q.relevance,
      texts: q.texts,
      helps: q.helps,
      subquestions: q.subquestions.map((s) => ({ id: s.id, code: s.code, scale: s.scaleId, texts: s.texts })),
      answers: q.answers.map((a) => ({ id: a.id, code: a.code, scale: a.scaleId, labels: a.labels })),
    })),
  }));
}
export type QuestionList = Awaited<ReturnType<typeof getQuestionList>>;
