import { inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { jobs, projectFiles, projects, reports, surveys } from '../../db/schema';
import { MESSAGE_FILE_KEY } from '../messages/access';
import { filesNl as t } from '../../../shared/i18n/admin-files';
import type { ListedObject } from './file-keys';

export interface ClassifiedFile extends ListedObject {
  owner: string;
  project: string | null;
  company_id: number | null;
  /** No database row refers to it: safe to remove. */
  orphan: boolean;
}

const idsOf = (objects: ListedObject[], re: RegExp) => [...new Set(objects.flatMap((o) => (re.exec(o.key) ? [Number(re.exec(o.key)![1])] : [])))];
const REPORT_IMAGE = /^reports\/(\d+)\/image\//;
const CUBE = /^cubes\/(\d+)\/(\d+)\.bin$/;
const EXPORT = /^exports\/(\d+)\.pdf$/;
const SURVEY_FILE = /^surveys\/(\d+)\/(uploads|responses)\//;
const UPLOAD_KEY = /^(surveys\/\d+\/responses\/|zkn\/\d+\/ratings\/)/;

/**
 * Who owns each stored object, read in one batch per listing. Prefixes this code does not know
 * are shown as 'onbekend' and never offered for removal (another area may own them).
 */
export async function classifyFiles(ctx: Pick<ServiceContext, 'db'>, objects: ListedObject[]): Promise<ClassifiedFile[]> {
  const db = ctx.db;
  const reportIds = idsOf(objects, REPORT_IMAGE);
  const surveyIds = [...new Set([...idsOf(objects, CUBE), ...idsOf(objects, SURVEY_FILE)])];
  const jobIds = idsOf(objects, EXPORT);
  const uploadKeys = objects.filter((o) => UPLOAD_KEY.test(o.key)).map((o) => o.key);
  const messageKeys = objects.filter((o) => MESSAGE_FILE_KEY.test(o.key)).map((o) => o.key);
  const [reportRows, surveyRows, jobRows, uploadJobs, messageFiles] = await db.batch([
    db.select({ id: reports.id, title: reports.title, imageKey: reports.imageKey, project: projects.title, company: projects.companyId }).from(reports).innerJoin(projects, sql`${projects.id} = ${reports.projectId}`).where(inArray(reports.id, reportIds.length ? reportIds : [0])),
    db.select({ id: surveys.id, title: surveys.title, version: surveys.responsesVersion, company: surveys.companyId, deletedAt: surveys.deletedAt }).from(surveys).where(inArray(surveys.id, surveyIds.length ? surveyIds : [0])),
    db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds.length ? jobIds : [0])),
    db.select({ id: jobs.id, key: sql<string>`json_extract(${jobs.payload}, '$.key')`, status: jobs.status }).from(jobs).where(inArray(sql`json_extract(${jobs.payload}, '$.key')`, uploadKeys.length ? uploadKeys : [''])),
    db.select({ key: projectFiles.r2Key, name: projectFiles.name, extension: projectFiles.extension, project: projects.title, company: projects.companyId }).from(projectFiles).innerJoin(projects, sql`${projects.id} = ${projectFiles.projectId}`).where(inArray(projectFiles.r2Key, messageKeys.length ? messageKeys : [''])),
  ]);
  const messageFile = new Map(messageFiles.map((f) => [f.key, f]));
  const report = new Map(reportRows.map((r) => [r.id, r]));
  const survey = new Map(surveyRows.map((s) => [s.id, s]));
  const job = new Set(jobRows.map((j) => j.id));
  const upload = new Map(uploadJobs.filter((j) => j.status !== 'done').map((j) => [j.key, j]));
  return objects.map((o): ClassifiedFile => {
    let m: RegExpExecArray | null;
    if ((m = REPORT_IMAGE.exec(o.key))) {
      const r = report.get(Number(m[1]));
      return r && r.imageKey === o.key ? { ...o, owner: t.reportImage(r.title), project: r.project, company_id: r.company, orphan: false } : { ...o, owner: t.noReport, project: null, company_id: r?.company ?? null, orphan: true };
    }
    if ((m = CUBE.exec(o.key))) {
      const s = survey.get(Number(m[1]));
      if (!s) return { ...o, owner: t.noSurvey, project: null, company_id: null, orphan: true };
      const current = Number(m[2]) === s.version;
      return { ...o, owner: current ? t.cube(s.title) : t.oldCube(s.title), project: null, company_id: s.company, orphan: !current };
    }
    if ((m = EXPORT.exec(o.key))) return job.has(Number(m[1])) ? { ...o, owner: t.export(Number(m[1])), project: null, company_id: null, orphan: false } : { ...o, owner: t.noJob, project: null, company_id: null, orphan: true };
    if (UPLOAD_KEY.test(o.key)) {
      const j = upload.get(o.key);
      const s = SURVEY_FILE.exec(o.key) ? survey.get(Number(SURVEY_FILE.exec(o.key)![1])) : undefined;
      return j ? { ...o, owner: t.pendingUpload(j.id), project: null, company_id: s?.company ?? null, orphan: false } : { ...o, owner: t.finishedUpload, project: null, company_id: s?.company ?? null, orphan: true };
    }
    if ((m = SURVEY_FILE.exec(o.key))) {
      const s = survey.get(Number(m[1]));
      return s ? { ...o, owner: t.surveyUpload(s.title), project: null, company_id: s.company, orphan: false } : { ...o, owner: t.noSurvey, project: null, company_id: null, orphan: true };
    }
    if (MESSAGE_FILE_KEY.test(o.key)) {
      const f = messageFile.get(o.key);
      if (f) return { ...o, owner: t.messageFile(`${f.name}.${f.extension}`), project: f.project, company_id: f.company, orphan: false };
      // Files are stored before their message row is written: a young object may still be on its way.
      const young = !o.uploaded || Date.now() - Date.parse(o.uploaded) < 60 * 60 * 1000;
      return { ...o, owner: young ? t.messageUploading : t.noMessage, project: null, company_id: null, orphan: !young };
    }
    return { ...o, owner: t.unknown, project: null, company_id: null, orphan: false };
  });
}
