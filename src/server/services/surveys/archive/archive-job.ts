import { eq, inArray } from 'drizzle-orm';
import { auditLog, jobs, projectSurveys, surveyAnswers, surveyGroups, surveyLanguages, surveyQuestions, surveyResponses, surveys, surveyTokens } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { JobHandler } from '../../../jobs/types';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { countParsed, structureImportSummary, writeSurvey } from '../import-survey';
import { auditValues } from '../../audit/audit-row';
import { parseLss } from '../lss/parse-lss';
import { buildCube, importResponseStream } from '../responses/import-job';
import { importTokenStream } from './import-tokens';
import { ARCHIVE_MEMBER, zipMember, zipMemberStream } from './zip-entries';

async function memberText(body: ReadableStream<Uint8Array>, match: (name: string) => boolean): Promise<string | null> {
  const decoder = new TextDecoder('utf-8');
  let text: string | null = null;
  for await (const chunk of zipMember(body, match)) text = (text ?? '') + decoder.decode(chunk, { stream: true });
  return text === null ? null : text + decoder.decode();
}

/**
 * Job 'survey.archive.import' { key, companyId, projectId, ownerId, hash }: reads the archive from
 * the file store three times, inflating one member each time — the structure (written in one
 * transaction), the responses (streamed into the survey like an uploaded .lsr) and the
 * participants (.lst) — then builds the cube. The new survey's id is kept in the job's payload, so
 * a retried delivery continues with the same survey (responses and tokens skip what is there). A
 * permanent error removes the survey again: a refused archive leaves nothing behind.
 */
export const importArchiveJob: JobHandler = async (deps, job, progress) => {
  const key = String(job.payload.key);
  const size = Number(job.payload.size) || 1;
  const open = async () => {
    const file = await deps.files.get(key);
    if (!file) throw new AppError('NOT_FOUND', surveysNl.responses.missingFile);
    return file.body;
  };
  const xml = await memberText(await open(), ARCHIVE_MEMBER.structure);
  if (xml === null) throw new AppError('VALIDATION', surveysNl.import.archiveNoStructure([]));
  const parsed = parseLss(xml);
  let surveyId = Number(job.payload.surveyId) || 0;
  const [existing] = surveyId ? await deps.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, surveyId)) : [];
  if (!existing) {
    const target = {
      companyId: Number(job.payload.companyId),
      projectId: job.payload.projectId ? Number(job.payload.projectId) : undefined,
      ownerId: job.payload.ownerId ? Number(job.payload.ownerId) : null,
      hash: String(job.payload.hash ?? ''),
    };
    surveyId = await deps.db.transaction(
      async (tx) => {
        const id = await writeSurvey(tx, parsed, target);
        // The importer (the job's creator) acts; a job has no address.
        await tx.insert(auditLog).values(auditValues({ user: null, now: deps.now() }, { action: 'survey.import', resource: 'survey', resourceId: id, userId: job.createdBy, companyId: target.companyId, summary: structureImportSummary(`Structuur geïmporteerd uit archief ${String(job.payload.name ?? '').slice(0, 100)}`.trimEnd(), parsed, id) }));
        return id;
      },
      { behavior: 'immediate' } as never,
    );
    await deps.db.update(jobs).set({ payload: { ...job.payload, surveyId } }).where(eq(jobs.id, job.id));
  }
  await progress(5);
  try {
    let read = 0;
    const responses = await importResponseStream(deps, {
      surveyId, jobId: job.id, size, emptyOk: true,
      body: zipMemberStream(await open(), ARCHIVE_MEMBER.responses, (n) => (read += n)),
      progress: () => progress(5 + (read / size) * 80),
    });
    await progress(85);
    const tokens = await importTokenStream(deps, surveyId, zipMemberStream(await open(), ARCHIVE_MEMBER.tokens), { userId: job.createdBy, source: `archief ${String(job.payload.name ?? '').slice(0, 100)}`.trimEnd() });
    await progress(95);
    await deps.files.delete(key);
    if (responses.inserted > 0) await buildCube(deps, surveyId, job.createdBy);
    return { surveyId, file: String(job.payload.name ?? ''), structure: countParsed(parsed), responses, tokens };
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION') await removeSurvey(deps.db, surveyId);
    throw err;
  }
};

/** Removes a just-created survey and everything under it (explicitly: no reliance on FK cascades). */
async function removeSurvey(db: Parameters<JobHandler>[0]['db'], surveyId: number) {
  const questionIds = (await db.select({ id: surveyQuestions.id }).from(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId))).map((q) => q.id);
  await db.batch([
    db.delete(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)),
    db.delete(surveyTokens).where(eq(surveyTokens.surveyId, surveyId)),
    db.delete(surveyAnswers).where(inArray(surveyAnswers.questionId, questionIds.length ? questionIds : [0])),
    db.delete(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId)),
    db.delete(surveyGroups).where(eq(surveyGroups.surveyId, surveyId)),
    db.delete(surveyLanguages).where(eq(surveyLanguages.surveyId, surveyId)),
    db.delete(projectSurveys).where(eq(projectSurveys.surveyId, surveyId)),
    db.delete(surveys).where(eq(surveys.id, surveyId)),
  ]);
}
