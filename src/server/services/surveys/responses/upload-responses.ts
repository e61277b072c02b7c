import { auditRow } from '../../audit/audit-row';
import type { UserServiceContext } from '../../../context';
import { responseUploadKey } from '../../../files/store';
import { AppError, nl } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { MAX_UPLOAD_BYTES } from '../../../../shared/validation/surveys';
import { hasRole } from '../../../../shared/permissions';
import { ARCHIVE_MEMBER, isZip, zipMemberPrefix } from '../archive/zip-entries';
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
 * A LimeSurvey archive (.lsa) sent as a response file: the start of its responses member (.lsr, up
 * to its <fields> list) is what the header check reads; its structure is not read (it is the survey's own; the header check refuses
 * an archive of another survey). Its participants (.lst), when there are any, must be a
 * participants document: checked now, so the job cannot fail on them after the responses.
 */
async function archiveResponses(file: Blob): Promise<{ responses: Blob; hasTokens: boolean }> {
  const fail = (message: string) => new AppError('VALIDATION', message, { file: [message] });
  let responsesHead: string | null;
  let tokensHead: string | null;
  try {
    // Only the members' beginnings are inflated here (the job streams the whole archive later).
    const bytes = new Uint8Array(await file.arrayBuffer());
    responsesHead = await zipMemberPrefix(bytes, ARCHIVE_MEMBER.responses, SNIFF_XML_BYTES, (text) => text.includes('</fields>'));
    tokensHead = await zipMemberPrefix(bytes, ARCHIVE_MEMBER.tokens, SNIFF_BYTES, (text) => text.includes('</LimeSurveyDocType>'));
  } catch {
    throw fail(surveysNl.import.archiveBroken);
  }
  if (!responsesHead) throw fail(surveysNl.responses.archiveNoResponses);
  if (tokensHead !== null) {
    const { docType } = sniffLimeSurveyXml(tokensHead, 'tokens');
    if (docType !== 'Tokens') throw fail(surveysNl.import.wrongDocType(docType || '(leeg)', 'Tokens'));
  }
  return { responses: new Blob([responsesHead], { type: 'application/xml' }), hasTokens: tokensHead !== null };
}

/**
 * POST survey/{id}/response: the header is checked now (a file for another survey or with unknown
 * columns is refused before anything is stored); the rows are read by a job from the file store.
 * An archive is stored as it is: the job reads its responses and then its participants, merged
 * into the survey's tokens like an archive import does (importTokenStream) — only for an uploader
 * who may manage tokens (survey.edit); with survey.upload alone the participants are left out and
 * the job's result says so.
 */
export async function uploadResponses(ctx: UserServiceContext, surveyId: number, file: Blob | null, name = '') {
  requireSurveyRole(ctx.user, ['survey.edit', 'survey.upload']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  if (!file || typeof file === 'string') throw new AppError('VALIDATION', surveysNl.responses.noFile, { file: [surveysNl.responses.noFile] });
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  if (file.size === 0) throw new AppError('VALIDATION', surveysNl.responses.empty, { file: [surveysNl.responses.empty] });
  const archive = isZip(new Uint8Array(await file.slice(0, 4).arrayBuffer())) ? await archiveResponses(file) : null;
  await planResponseFile(archive?.responses ?? file, await loadSurveyColumns(ctx.db, surveyId));
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const key = responseUploadKey(surveyId, crypto.randomUUID());
  await ctx.jobs.files.put(key, file, archive ? 'application/zip' : 'text/csv');
  const tokens = archive?.hasTokens ? (hasRole(ctx.user, 'survey.edit') ? 'read' : 'no-rights') : null;
  await auditRow(ctx, { action: 'responses.import', resource: 'survey', resourceId: surveyId, companyId: survey.companyId, summary: `Responsen geüpload${archive ? ' (archief' + (tokens === 'read' ? ' met tokens)' : ')') : ''}: ${name.slice(0, 100) || 'bestand'}, ${file.size} bytes, naar ${survey.title} (${surveyId})` });
  return ctx.jobs.enqueue(IMPORT_RESPONSES_JOB, { surveyId, key, name: name.slice(0, 255), size: file.size, ...(archive ? { archive: true, tokens } : {}) }, ctx.user.id);
}
