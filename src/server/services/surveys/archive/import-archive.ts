import type { UserServiceContext } from '../../../context';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { buildColumnMap, ignoredHeaders } from '../column-map';
import { importCompany, refuseUnconfirmedDuplicate } from '../import-survey';
import { parseLss } from '../lss/parse-lss';
import { structureFromParsed, structureHash } from '../lss/parsed-structure';
import { assertPlan, lsrPlan } from '../responses/import-job';
import { sniffLimeSurveyXml } from '../responses/lsr-reader';
import { requireSurveyRole } from '../scope';
import { ARCHIVE_MEMBER, readArchiveStructure, zipMemberPrefix } from './zip-entries';

export const IMPORT_ARCHIVE_JOB = 'survey.archive.import';
const SNIFF_CHARS = 2 * 1024 * 1024;

/**
 * POST survey/import with a LimeSurvey archive (.lsa: a zip of survey_<sid>.lss, the responses
 * .lsr, the participants .lst and timings .lsi). Everything that can refuse the file is checked
 * now, before anything is stored: the zip, the structure, the responses header against that
 * structure, the company and an identical structure already there. Then one job writes the
 * survey, its responses and its tokens, with progress.
 */
export async function importArchive(ctx: UserServiceContext, bytes: Uint8Array, input: { name: string; projectId?: number; companyId?: number; confirmDuplicate?: boolean }) {
  requireSurveyRole(ctx.user, 'survey.edit');
  let members: { names: string[]; structure: string | null };
  try {
    members = readArchiveStructure(bytes);
  } catch {
    throw new AppError('VALIDATION', surveysNl.import.archiveBroken, { file: [surveysNl.import.archiveBroken] });
  }
  if (!members.structure) throw new AppError('VALIDATION', surveysNl.import.archiveNoStructure(members.names), { file: [surveysNl.import.archiveNoStructure(members.names)] });
  const parsed = parseLss(members.structure);
  const companyId = await importCompany(ctx, input);
  const hash = await structureHash(parsed);
  await refuseUnconfirmedDuplicate(ctx, companyId, hash, input.confirmDuplicate);

  if (members.names.some(ARCHIVE_MEMBER.responses)) {
    let prefix: string | null;
    try {
      prefix = await zipMemberPrefix(bytes, ARCHIVE_MEMBER.responses, SNIFF_CHARS, (text) => text.includes('</fields>'));
    } catch {
      throw new AppError('VALIDATION', surveysNl.import.archiveBroken, { file: [surveysNl.import.archiveBroken] });
    }
    const { docType, fields } = sniffLimeSurveyXml(prefix ?? '', 'responses');
    // No <responses> table: LimeSurvey exported a survey without responses.
    if (fields) {
      const structure = structureFromParsed(parsed);
      assertPlan(lsrPlan(docType, fields, { columns: buildColumnMap(structure, parsed.sid), ignored: ignoredHeaders(structure, parsed.sid) }));
    }
  }
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const key = `surveys/archives/${crypto.randomUUID()}`;
  await ctx.jobs.files.put(key, bytes, 'application/zip');
  return ctx.jobs.enqueue(
    IMPORT_ARCHIVE_JOB,
    { key, name: input.name.slice(0, 255), size: bytes.byteLength, companyId, projectId: input.projectId ?? null, ownerId: ctx.user.id, hash },
    ctx.user.id,
  );
}
