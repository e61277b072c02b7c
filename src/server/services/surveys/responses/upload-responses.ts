import type { UserServiceContext } from '../../../context';
import { responseUploadKey } from '../../../files/store';
import { AppError, nl } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { MAX_UPLOAD_BYTES } from '../../../../shared/validation/surveys';
import { ARCHIVE_MEMBER, isZip, zipMember } from '../archive/zip-entries';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { assertPlan, lsrPlan } from './import-job';
import { looksLikeXml, sniffLimeSurveyXml } from './lsr-reader';
import { resolveHeader, type HeaderPlan, type SurveyHeaderColumns } from './resolve-header';
import { loadSurveyColumns } from './survey-columns';

export const IMPORT_RESPONSES_JOB = 'survey.responses.import';
const SNIFF_BYTES = 65536;
// An .lsr lists every column before the first row; a wide survey's list passes 64 kB.
const SNIFF_XML_BYTES = 2 * 1024 * 1024;

async function decodePrefix(file: Blob, limit: number): Promise<string> {
  const head = new Uint8Array(await file.slice(0, limit).arrayBuffer());
  try {
    if (head.includes(0)) throw new Error('binary');
    // Cut at the last newline so a multi-byte character isn't split at the sniff boundary.
    const cut = head.length === file.size ? head.length : head.lastIndexOf(10) + 1 || head.length;
    return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, cut));
  } catch {
    throw new AppError('VALIDATION', surveysNl.responses.notText, { file: [surveysNl.responses.notText] });
  }
}

/**
 * The header plan of a response file's start: a LimeSurvey .lsr (its <fields> list), a VV file
 * or a CSV. Throws the Dutch 422 of the first problem, so nothing is stored for a wrong file.
 */
export async function planResponseFile(file: Blob, survey: SurveyHeaderColumns): Promise<HeaderPlan> {
  let prefix = await decodePrefix(file, SNIFF_BYTES);
  let plan: HeaderPlan;
  if (looksLikeXml(prefix)) {
    if (file.size > SNIFF_BYTES) prefix = await decodePrefix(file, SNIFF_XML_BYTES);
    const { docType, fields } = sniffLimeSurveyXml(prefix, 'responses');
    if (docType && docType !== 'Responses') throw new AppError('VALIDATION', surveysNl.import.wrongDocType(docType, 'Responses'), { file: [surveysNl.import.wrongDocType(docType, 'Responses')] });
    if (!fields) throw new AppError('VALIDATION', surveysNl.responses.noResponsesTable, { file: [surveysNl.responses.noResponsesTable] });
    plan = lsrPlan(docType, fields, survey);
  } else plan = resolveHeader(prefix, survey);
  assertPlan(plan);
  return plan;
}

/**
 * A LimeSurvey archive (.lsa) sent as a response file: its responses member (.lsr) is the file.
 * The archive's structure and participants are not read here (the structure is the survey's own;
 * the header check refuses an archive of another survey).
 */
async function archiveResponses(file: Blob): Promise<Blob> {
  const fail = (message: string) => new AppError('VALIDATION', message, { file: [message] });
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of zipMember(file.stream(), ARCHIVE_MEMBER.responses)) chunks.push(chunk);
  } catch {
    throw fail(surveysNl.import.archiveBroken);
  }
  if (!chunks.length) throw fail(surveysNl.responses.archiveNoResponses);
  return new Blob(chunks as BlobPart[], { type: 'application/xml' });
}

/**
 * POST survey/{id}/response: the header is checked now (a file for another survey or with unknown
 * columns is refused before anything is stored); the rows are read by a job from the file store.
 */
export async function uploadResponses(ctx: UserServiceContext, surveyId: number, file: Blob | null, name = '') {
  requireSurveyRole(ctx.user, ['survey.edit', 'survey.upload']);
  await findVisibleSurvey(ctx, surveyId);
  if (!file || typeof file === 'string') throw new AppError('VALIDATION', surveysNl.responses.noFile, { file: [surveysNl.responses.noFile] });
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  if (file.size === 0) throw new AppError('VALIDATION', surveysNl.responses.empty, { file: [surveysNl.responses.empty] });
  if (isZip(new Uint8Array(await file.slice(0, 4).arrayBuffer()))) file = await archiveResponses(file);
  await planResponseFile(file, await loadSurveyColumns(ctx.db, surveyId));
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const key = responseUploadKey(surveyId, crypto.randomUUID());
  await ctx.jobs.files.put(key, file, 'text/csv');
  return ctx.jobs.enqueue(IMPORT_RESPONSES_JOB, { surveyId, key, name: name.slice(0, 255), size: file.size }, ctx.user.id);
}
