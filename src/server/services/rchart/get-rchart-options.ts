import { rchartKind } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { RCHART_FORM, type RChartQuestionKind } from '../../../shared/rchart';
import { loadCube } from '../analytics/load-cube';
import { and, eq, isNull } from 'drizzle-orm';
import { projects, projectSurveys, surveys } from '../../db/schema';
import { visibleProjects } from '../projects/scope';
import { columnLabels } from './labels';

export interface RChartQuestion {
  key: string;
  label: string;
  kind: RChartQuestionKind;
  /** Answers of single and multiple choice questions; never the texts of short-text answers. */
  options: { code: string; label: string }[];
}

/**
 * GET rchartOptions[?survey={id}] → `{ version, analyses }` (RCHART_FORM of src/shared/rchart.ts)
 * and, with a survey the user may see, `questions`: its cube columns with the form's kinds, so the
 * editor can offer only fitting questions per field (RChartField.kinds).
 */
export async function getRChartOptions(ctx: UserServiceContext, surveyId: number | undefined, lang = 'nl') {
  if (!hasRole(ctx.user, 'dashboard.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  if (surveyId === undefined) return { ...RCHART_FORM };
  // A survey of a project the user may see (the report menu's rule), not every survey of the company.
  const [survey] = await ctx.db
    .select({ id: surveys.id, lsSid: surveys.lsSid, baseLanguage: surveys.baseLanguage })
    .from(surveys)
    .innerJoin(projectSurveys, eq(projectSurveys.surveyId, surveys.id))
    .innerJoin(projects, eq(projects.id, projectSurveys.projectId))
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deletedAt), visibleProjects(ctx.user)))
    .limit(1);
  if (!survey) throw new AppError('NOT_FOUND', nl.notFound);
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, survey.id);
  const labels = await columnLabels(ctx.db, survey, lang);
  const questions: RChartQuestion[] = cube.columns.map((col) => {
    const l = labels.get(col.key);
    const codes = col.kind === 'single' || col.kind === 'multi' ? col.codes : [];
    return { key: col.key, label: l?.text ?? col.key, kind: rchartKind(col), options: codes.map((code) => ({ code, label: l?.options.get(code) ?? code })) };
  });
  return { ...RCHART_FORM, questions };
}
