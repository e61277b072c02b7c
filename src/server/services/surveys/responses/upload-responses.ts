import type { UserServiceContext } from '../../../context';
import { responseUploadKey } from '../../../files/store';
import { AppError, nl } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { MAX_UPLOAD_BYTES } from '../../../../shared/validation/surveys';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { resolveHeader } from './resolve-header';
import { loadSurveyColumns } from './survey-columns';

export const IMPORT_RESPONSES_JOB = 'survey.responses.import';
const SNIFF_BYTES = 65536;

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
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  let prefix: string;
  try {
    if (head.includes(0)) throw new Error('binary');
    // Cut at the last newline so a multi-byte character isn't split at the sniff boundary.
    const cut = head.length === file.size ? head.length : head.lastIndexOf(10) + 1 || head.length;
    prefix = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, cut));
  } catch {
    throw new AppError('VALIDATION', surveysNl.responses.notText, { file: [surveysNl.responses.notText] });
  }
  const { columns } = await loadSurveyColumns(ctx.db, surveyId);
  const plan = resolveHeader(prefix, columns);
  if (plan.unknown.length) throw new AppError('VALIDATION', surveysNl.responses.unknownColumns(plan.unknown), { file: [surveysNl.responses.unknownColumns(plan.unknown)] });
  if (plan.duplicates.length) throw new AppError('VALIDATION', surveysNl.responses.duplicateColumns(plan.duplicates), { file: [surveysNl.responses.duplicateColumns(plan.duplicates)] });
  if (!plan.questionColumns) throw new AppError('VALIDATION', surveysNl.responses.noQuestionColumns, { file: [surveysNl.responses.noQuestionColumns] });
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const key = responseUploadKey(surveyId, crypto.randomUUID());
  await ctx.jobs.files.put(key, file, 'text/csv');
  return ctx.jobs.enqueue(IMPORT_RESPONSES_JOB, { surveyId, key, name: name.slice(0, 255), size: file.size }, ctx.user.id);
}
