import './zod-nl';
import { z } from 'zod';
import { FILE_DATA_TYPES, FILE_SUBJECT_TYPES } from '../lookups/files';
import { messagesNl } from '../i18n/messages';
import { messages } from './messages';

export const MAX_MESSAGE_FILE_BYTES = 64 * 1024 * 1024;
export const MAX_MESSAGE_FILES = 10;
export const MAX_MESSAGE_BODY = 20_000;

/** Spec 000 §5: letters, digits, space, underscore and hyphen. */
export const FILE_NAME_RE = /^[\p{L}\p{N} _-]+$/u;

const lookupId = (list: readonly { id: number }[]) =>
  z.union([z.number().int(), z.null()]).refine((v) => v === null || list.some((l) => l.id === v), { message: 'Kies een geldige waarde uit de lijst' });

export const FileUpdate = z
  .object({
    name: z.string({ error: messages.required }).trim().min(1, { error: messages.required, abort: true }).max(191, messages.maxLength(191)).regex(FILE_NAME_RE, messagesNl.fileName).optional(),
    file_subject_type_id: lookupId(FILE_SUBJECT_TYPES).optional(),
    file_data_type_id: lookupId(FILE_DATA_TYPES).optional(),
  })
  .strict();
export type FileUpdateInput = z.infer<typeof FileUpdate>;

export const MessageBody = z.string().max(MAX_MESSAGE_BODY, messagesNl.bodyMax);

/** The text field of a new message (multipart, beside its files): empty only when files come with it. */
export const MessageFields = z.object({ body: MessageBody.optional() });

/** A name from an upload as a valid file name: other characters become '_', at most 191. */
export function cleanFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  const clean = base.replace(/[^\p{L}\p{N} _-]/gu, '_').trim().slice(0, 191);
  return clean || 'bestand';
}
