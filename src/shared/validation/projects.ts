import './zod-nl';
import { z } from 'zod';
import { projectsNl } from '../i18n/projects';
import { messages } from './messages';

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const id = () => num(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1));
const text = (max: 191) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: projectsNl.yesNo }));
const date = z.string({ error: projectsNl.date }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: projectsNl.date, abort: true }).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), projectsNl.date);

const projectFields = {
  title: text(191),
  client: z.string({ error: messages.required }).trim().max(191, messages.maxLength(191)),
  status_id: id(),
  parent_project_id: z.preprocess((v) => (v === '' ? null : v), id().nullable()),
  allow_messaging: bool,
};

/** POST project: title and status are required; a parent makes it a sub-project (NewProject?parentProjectId=). */
export const ProjectInput = z.object({
  ...projectFields,
  client: projectFields.client.optional(),
  parent_project_id: projectFields.parent_project_id.optional(),
  allow_messaging: projectFields.allow_messaging.optional(),
});
export type ProjectInput = z.infer<typeof ProjectInput>;

/** PUT project/{id}: any field. */
export const ProjectUpdate = z.object(projectFields).partial();
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;

/** GET project/{id}?include=subProjects,reports,users,admins,surveys,indicators,licenses,filterCategories,parent */
export const ProjectGetQuery = z.object({ include: z.string().max(191, messages.maxLength(191)).optional() });

/** GET project?all=1: all projects instead of mine. */
export const ProjectListQuery = z.object({ all: z.enum(['0', '1', 'true', 'false'], { error: projectsNl.yesNo }).optional() });

/** POST project/{id}/user: add a member with a project role. */
export const ProjectMemberInput = z.object({ user_id: id(), project_role_id: id() });
export type ProjectMemberInput = z.infer<typeof ProjectMemberInput>;

/** PUT project/{id}/user/{uid}: add the member or change the role (default: Projectlid). */
export const ProjectMemberUpdate = z.object({ project_role_id: id().optional() });
export type ProjectMemberUpdate = z.infer<typeof ProjectMemberUpdate>;

/** PUT project/{id}/user: the whole member list. */
export const ProjectMembersInput = z.object({
  users: z
    .array(ProjectMemberInput, { error: messages.required })
    .max(10_000, messages.max10000)
    .refine((list) => new Set(list.map((u) => u.user_id)).size === list.length, projectsNl.duplicateUsers),
});
export type ProjectMembersInput = z.infer<typeof ProjectMembersInput>;

const datesInOrder = (l: { start_date?: string; end_date?: string }) => !l.start_date || !l.end_date || l.start_date <= l.end_date;
const licenceFields = {
  start_date: date,
  end_date: date,
  note: z.string({ error: messages.required }).trim().max(1000, projectsNl.noteMax),
};

/** POST project/{id}/license: a licence period. */
export const LicenceInput = z.object({ ...licenceFields, note: licenceFields.note.optional() }).refine(datesInOrder, { message: projectsNl.dateOrder, path: ['end_date'] });
export type LicenceInput = z.infer<typeof LicenceInput>;

/** PUT project/{id}/license/{lid}: any field (the order of the dates is checked with the stored ones). */
export const LicenceUpdate = z.object(licenceFields).partial().refine(datesInOrder, { message: projectsNl.dateOrder, path: ['end_date'] });
export type LicenceUpdate = z.infer<typeof LicenceUpdate>;
