import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectFiles, projectMessages } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { ByteRange } from '../../files/store';
import { messagesNl } from '../../../shared/i18n/messages';
import type { FileUpdateInput } from '../../../shared/validation/project-messages';
import { touchProject } from '../projects/access';
import { findMessagingProject, requireMayManage } from './access';
import { presentFile } from './present';
import { auditRow } from '../audit/audit-row';

const notFound = () => new AppError('NOT_FOUND', nl.notFound);

async function findFile(ctx: UserServiceContext, projectId: number, fileId: number) {
  const project = await findMessagingProject(ctx, projectId);
  const [row] = await ctx.db
    .select({ file: projectFiles, authorId: projectMessages.userId })
    .from(projectFiles)
    .innerJoin(projectMessages, eq(projectMessages.id, projectFiles.messageId))
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)));
  if (!row) throw notFound();
  return { project, file: row.file, authorId: row.authorId };
}

function storeOf(ctx: UserServiceContext) {
  const store = ctx.jobs?.files;
  if (!store) throw new AppError('FAILED_DEPENDENCY', messagesNl.storageMissing);
  return store;
}

/**
 * `Range: bytes=a-b | a- | -n` (one range) → the bytes to send; null = the whole file;
 * 'unsatisfiable' → 416. Several ranges are answered with the whole file (allowed by RFC 9110).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Math.min(Number(m[2]), size);
    return suffix === 0 ? 'unsatisfiable' : { offset: size - suffix, length: suffix };
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}

/**
 * GET project/{id}/file/{fid}: the object streamed from R2, whole or one range. A download is in
 * the audit trail (`file.download`) before the first byte: the whole file or a range from its
 * first byte, so a viewer that fetches a file in ranges is one row, not one per range.
 */
export async function readFile(ctx: UserServiceContext, projectId: number, fileId: number, rangeHeader: string | null | undefined) {
  const { project, file } = await findFile(ctx, projectId, fileId);
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') return { file: presentFile(file), range, body: null };
  const object = await storeOf(ctx).get(file.r2Key, range ?? undefined);
  if (!object) throw notFound();
  const presented = presentFile(file);
  if (!range || range.offset === 0) {
    await auditRow(ctx, { action: 'file.download', resource: 'project_file', resourceId: file.id, companyId: project.companyId, summary: `Bestand gedownload: ${presented.filename.slice(0, 200)} (${file.size} bytes) uit project ${project.title} (${project.id})` });
  }
  return { file: presented, range, body: object.body };
}

/** PUT project/{id}/file/{fid}: rename (the extension stays) and the subject/data type lookups. */
export async function updateFile(ctx: UserServiceContext, projectId: number, fileId: number, input: FileUpdateInput) {
  const { project, file, authorId } = await findFile(ctx, projectId, fileId);
  requireMayManage(ctx, project, authorId);
  const [[row]] = await ctx.db.batch([
    ctx.db
    .update(projectFiles)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.file_subject_type_id !== undefined ? { fileSubjectTypeId: input.file_subject_type_id } : {}),
      ...(input.file_data_type_id !== undefined ? { fileDataTypeId: input.file_data_type_id } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(projectFiles.id, file.id))
    .returning(),
    touchProject(ctx, projectId),
  ]);
  return presentFile(row!);
}

/** DELETE project/{id}/file/{fid}: the row, then the R2 object. */
export async function deleteFile(ctx: UserServiceContext, projectId: number, fileId: number) {
  const { project, file, authorId } = await findFile(ctx, projectId, fileId);
  requireMayManage(ctx, project, authorId);
  const store = storeOf(ctx);
  await ctx.db.batch([ctx.db.delete(projectFiles).where(eq(projectFiles.id, file.id)), touchProject(ctx, projectId)]);
  await store.delete(file.r2Key);
}

/** DELETE project/{id}/message/{mid}: the message and its file rows (cascade) with the project's Laatste update in one batch, then their R2 objects. */
export async function deleteMessage(ctx: UserServiceContext, projectId: number, messageId: number) {
  const project = await findMessagingProject(ctx, projectId);
  const [message] = await ctx.db
    .select({ id: projectMessages.id, userId: projectMessages.userId })
    .from(projectMessages)
    .where(and(eq(projectMessages.id, messageId), eq(projectMessages.projectId, projectId)));
  if (!message) throw notFound();
  requireMayManage(ctx, project, message.userId);
  const files = await ctx.db.select({ key: projectFiles.r2Key }).from(projectFiles).where(eq(projectFiles.messageId, messageId));
  const store = files.length ? storeOf(ctx) : null;
  await ctx.db.batch([ctx.db.delete(projectMessages).where(eq(projectMessages.id, messageId)), touchProject(ctx, projectId)]);
  await Promise.all(files.map((f) => store!.delete(f.key)));
}
