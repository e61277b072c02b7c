import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { surveys } from '../../../db/schema';
import { AppError, nl } from '../../../errors';
import { buildColumnMap, ignoredHeaders } from '../column-map';
import { loadStructure } from '../load-structure';

/** The survey row and its response columns (the importer's and the cube's view of a survey). */
export async function loadSurveyColumns(db: Db, surveyId: number) {
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, surveyId));
  if (!survey || survey.deletedAt) throw new AppError('NOT_FOUND', nl.notFound);
  const structure = await loadStructure(db, surveyId);
  return { survey, structure, columns: buildColumnMap(structure, survey.lsSid), ignored: ignoredHeaders(structure, survey.lsSid) };
}
