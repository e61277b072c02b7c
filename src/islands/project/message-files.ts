import { messagesPageNl as t } from '../../shared/i18n/messages';
import { messages as rules } from '../../shared/validation/messages';
import { MAX_MESSAGE_FILE_BYTES } from '../../shared/validation/project-messages';

/** File types a message may carry (the server checks the same list). */
export const ALLOWED_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'csv', 'txt', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'mp3', 'mp4', 'aac', 'm4a', 'wav'];

const extension = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Why a chosen file can't be sent (Dutch), or null. */
export function fileProblem(file: File): string | null {
  if (!ALLOWED_EXTENSIONS.includes(extension(file.name))) return t.typeNotAllowed(file.name);
  if (file.size > MAX_MESSAGE_FILE_BYTES) return `${file.name}: ${rules.fileTooLarge}`;
  if (file.size === 0) return t.emptyFile(file.name);
  return null;
}
