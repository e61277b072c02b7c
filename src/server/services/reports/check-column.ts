import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectSurveys, surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import { loadCube } from '../analytics/load-cube';
import { type NMethod, nMethodsFor } from '../../analytics';

/**
 * The survey must be linked to the report's project, the column must be one of its cube's columns
 * and the N method (when given) must apply to the column's kind (422 otherwise).
 */
export async function checkColumn(ctx: UserServiceContext, projectId: number, surveyId: number, columnKey: string, nMethod?: NMethod): Promise<void> {
  const [linked] = await ctx.db
    .select({ id: surveys.id })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, surveyId), isNull(surveys.deletedAt)));
  if (!linked) throw new AppError('VALIDATION', nl.validation, { survey_id: [reportsNl.surveyNotLinked] });
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  const col = cube.byKey.get(columnKey);
  if (!col) throw new AppError('VALIDATION', nl.validation, { column_key: [reportsNl.unknownColumn(columnKey)] });
  if (nMethod && !nMethodsFor(col.kind).includes(nMethod)) throw new AppError('VALIDATION', reportsNl.nMethodAnswers, { n_method: [reportsNl.nMethodAnswers] });
}

/** The survey (with its accuracy settings) if it is linked to the project and not deleted (422 on survey_id otherwise). */
export async function requireLinkedSurvey(ctx: UserServiceContext, projectId: number, surveyId: number) {
  const [linked] = await ctx.db
    .select({ id: surveys.id, lsSid: surveys.lsSid, baseLanguage: surveys.baseLanguage, populationSize: surveys.populationSize, confidenceLevel: surveys.confidenceLevel })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, surveyId), isNull(surveys.deletedAt)));
  if (!linked) throw new AppError('VALIDATION', nl.validation, { survey_id: [reportsNl.surveyNotLinked] });
  return linked;
}
