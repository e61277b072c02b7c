import { sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectFiles, projectMessages } from '../../db/schema';
import { extensionOf, messageFileType, MESSAGE_FILE_TYPES } from '../../files/sniff';
import { AppError, nl } from '../../errors';
import { MultipartError, readMultipart } from '../../http/multipart-stream';
import { messagesNl } from '../../../shared/i18n/messages';
import { cleanFileName, MAX_MESSAGE_BODY, MAX_MESSAGE_FILE_BYTES, MAX_MESSAGE_FILES } from '../../../shared/validation/project-messages';
import { touchProject } from '../projects/access';
import { findMessagingProject, messageFileKey, requireMayPost } from './access';
import { notifyMembers } from './notify';
import { bodyAndDate, fileTypeIdOf, presentFile, type PresentedMessage } from './present';

const FILE_FIELDS = new Set(['file', 'files', 'files[]', 'file[]']);
const invalid = (field: string, message: string) => new AppError('VALIDATION', nl.validation, { [field]: [message] });

async function readText(content: AsyncIterable<Uint8Array>, max: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of content) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > max) throw invalid('body', messagesNl.bodyMax);
  }
  return text + decoder.decode();
}

interface StoredUpload {
  key: string;
  name: string;
  extension: string;
  contentType: string;
  size: number;
}

export interface PostMessageInput {
  body: ReadableStream<Uint8Array> | null;
  boundary: string | null;
  /** For the link in the notification mails. */
  origin: string;
}

/**
 * POST project/{id}/message (multipart: `body` text, files in `file`/`files[]`). Each file is
 * streamed to R2 as it arrives (files/store.ts `upload`): its type is decided from its first bytes
 * against its extension before anything is stored, more than 64 MB aborts it (413). Only when
 * every file is stored are the message and its file rows written, in one batch; any failure —
 * a refused file, a broken or cancelled upload — removes the objects already stored.
 */
export async function postMessage(ctx: UserServiceContext, projectId: number, input: PostMessageInput): Promise<PresentedMessage> {
  const project = await findMessagingProject(ctx, projectId);
  requireMayPost(ctx, project);
  if (!input.body || !input.boundary) throw new AppError('BAD_REQUEST', messagesNl.badUpload);
  const store = ctx.jobs?.files;
  const messageKey = crypto.randomUUID();
  const stored: StoredUpload[] = [];
  let text = '';
  try {
    for await (const part of readMultipart(input.body, input.boundary)) {
      if (part.filename === null) {
        if (part.name === 'body') text = await readText(part.content, MAX_MESSAGE_BODY);
        continue;
      }
      if (!FILE_FIELDS.has(part.name) || part.filename === '') continue;
      if (stored.length >= MAX_MESSAGE_FILES) throw invalid('files', messagesNl.tooManyFiles);
      if (!store) throw new AppError('FAILED_DEPENDENCY', messagesNl.storageMissing);
      const extension = extensionOf(part.filename);
      if (!MESSAGE_FILE_TYPES[extension]) throw invalid('files', messagesNl.fileType(part.filename));
      const key = messageFileKey(projectId, messageKey, crypto.randomUUID());
      const filename = part.filename;
      const { size, contentType } = await store.upload(key, part.content, {
        maxBytes: MAX_MESSAGE_FILE_BYTES,
        inspect(head) {
          if (!head.length) throw invalid('files', messagesNl.emptyFile(filename));
          const type = messageFileType(extension, head);
          if (!type) throw invalid('files', messagesNl.fileType(filename));
          return type;
        },
      });
      stored.push({ key, name: cleanFileName(filename), extension, contentType, size });
    }
    if (!text.trim() && !stored.length) throw invalid('body', messagesNl.empty);
    const [inserted, ...rest] = await ctx.db.batch([
      ctx.db.insert(projectMessages).values({ projectId, userId: ctx.user.id, body: text.trim(), createdAt: ctx.now, updatedAt: ctx.now }).returning(),
      ...stored.map((f) =>
        ctx.db
          .insert(projectFiles)
          // The batch is one transaction: the newest message is the one just written.
          .values({ messageId: sql`(select max(id) from ${projectMessages})` as unknown as number, projectId, name: f.name, extension: f.extension, contentType: f.contentType, size: f.size, r2Key: f.key, fileTypeId: fileTypeIdOf(f.extension), createdAt: ctx.now, updatedAt: ctx.now })
          .returning(),
      ),
      // Laatste update on the project cards and page.
      touchProject(ctx, projectId),
    ] as unknown as [never, ...never[]]);
    const message = (inserted as (typeof projectMessages.$inferSelect)[])[0]!;
    const files = (rest.slice(0, stored.length) as (typeof projectFiles.$inferSelect)[][]).map((rows) => presentFile(rows[0]!));
    await notifyMembers(ctx, project, { body: message.body, files: files.map((f) => f.filename), origin: input.origin });
    return { id: message.id, project_id: projectId, user_id: ctx.user.id, author: ctx.user.fullname, ...bodyAndDate(message.body, message.createdAt), files, unread: false, can_manage: true };
  } catch (error) {
    await Promise.all(stored.map((f) => store!.delete(f.key).catch(() => undefined)));
    if (error instanceof AppError) throw error;
    if (error instanceof MultipartError || error instanceof TypeError) throw new AppError('BAD_REQUEST', messagesNl.badUpload);
    throw error;
  }
}
