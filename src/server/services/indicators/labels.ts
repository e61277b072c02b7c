import type { Db } from '../../db/client';
import { columnLabels } from '../filters/generate-options';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';

/** The question group an indicator's question sits in (LimeSurvey's group; null for the response count). */
export type IndicatorGroup = { id: number; name: string };
export type LabelOf = (columnKey: string | null, answerCode: string | null) => { question: string | null; answer: string | null; group: IndicatorGroup | null };

const plain = (texts: Record<string, string>, lang: string) => (texts[lang] ?? Object.values(texts)[0] ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** Question and answer texts of a survey's columns (base language) and their question group, for indicator descriptions and the group filter. */
export async function indicatorLabels(db: Db, surveyId: number): Promise<LabelOf> {
  const { survey, structure, columns } = await loadSurveyColumns(db, surveyId);
  const cache = new Map<string, ReturnType<typeof columnLabels>>();
  const groupOf = (columnKey: string): IndicatorGroup | null => {
    const col = columns.find((c) => c.key === columnKey);
    const g = structure.groups.find((x) => x.questions.some((q) => (col ? q.id === col.questionId : q.code === columnKey)));
    return g ? { id: g.id, name: plain(g.names, survey.baseLanguage) || `Groep ${g.sortOrder + 1}` } : null;
  };
  return (columnKey, answerCode) => {
    if (!columnKey) return { question: null, answer: null, group: null };
    if (!cache.has(columnKey)) cache.set(columnKey, columnLabels(structure, columns, columnKey, survey.baseLanguage));
    const { title, labels } = cache.get(columnKey)!;
    return { question: title, answer: answerCode ? (labels.get(answerCode) ?? answerCode) : null, group: groupOf(columnKey) };
  };
}
