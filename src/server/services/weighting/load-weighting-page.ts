import type { UserServiceContext } from '../../context';
import type { WeightingQuestion, WeightingSchemeDto } from '../../../shared/validation/weighting';
import { loadCube } from '../analytics/load-cube';
import { isPanelColumn, loadPanelAttributes } from '../analytics/panel-attributes';
import { loadColumnTexts } from '../report-data/column-texts';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';
import { listSchemes } from './list-schemes';

/**
 * The weighting tab of a survey (/survey/:id/edit/weighting): its schemes and the questions that
 * can be weighting variables (single choice: one answer per respondent), with their answer codes,
 * labels and how many respondents gave each (so a bureau sees which codes need a target).
 */
export async function loadWeightingPage(ctx: UserServiceContext, surveyId: number): Promise<{ schemes: WeightingSchemeDto[]; questions: WeightingQuestion[]; populationSize: number | null }> {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const [schemes, texts, cube] = await Promise.all([
    listSchemes(ctx, surveyId),
    loadColumnTexts(ctx.db, surveyId, survey.baseLanguage),
    loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId),
  ]);
  const singles = cube.columns.filter((col) => col.kind === 'single');
  // Panel background fields (keys 'panel:<id>') have no LimeSurvey texts: their field and option names.
  const panel = singles.some((col) => isPanelColumn(col.key)) ? (await loadPanelAttributes(ctx.db, surveyId)).labels : new Map<string, { title: string; labels: Map<string, string> }>();
  const questions: WeightingQuestion[] = [];
  for (const col of singles) {
    const field = panel.get(col.key);
    if (field) {
      questions.push({ key: col.key, label: field.title, codes: col.codes.map((code) => ({ code, label: field.labels.get(code) ?? code })) });
      continue;
    }
    const t = texts.texts.get(col.key);
    const label = [t?.question, t?.subquestion].filter(Boolean).join(' – ') || col.key;
    questions.push({ key: col.key, label, codes: col.codes.map((code) => ({ code, label: t?.labels.get(code) ?? code })) });
  }
  return { schemes, questions, populationSize: survey.populationSize };
}
