import type { Db } from '../../db/client';
import { columnLabels } from '../filters/generate-options';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';

export type LabelOf = (columnKey: string | null, answerCode: string | null) => { question: string | null; answer: string | null };

/** Question and answer texts of a survey's columns (base language), for indicator descriptions. */
export async function indicatorLabels(db: Db, surveyId: number): Promise<LabelOf> {
  const { survey, structure, columns } = await loadSurveyColumns(db, surveyId);
  const cache = new Map<string, ReturnType<typeof columnLabels>>();
  return (columnKey, answerCode) => {
    if (!columnKey) return { question: null, answer: null };
    if (!cache.has(columnKey)) cache.set(columnKey, columnLabels(structure, columns, columnKey, survey.baseLanguage));
    const { title, labels } = cache.get(columnKey)!;
    return { question: title, answer: answerCode ? (labels.get(answerCode) ?? answerCode) : null };
  };
}
