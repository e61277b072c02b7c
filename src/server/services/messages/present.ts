import type { projectFiles } from '../../db/schema';
import { formatDateTime } from '../../../shared/format';
import { FILE_TYPES } from '../../../shared/lookups/files';
import { renderMarkdown } from '../../../shared/markdown';

type FileRow = typeof projectFiles.$inferSelect;

export const fileTypeIdOf = (extension: string) => FILE_TYPES.find((t) => (t.extensions as readonly string[]).includes(extension))?.id ?? null;

export function presentFile(f: FileRow) {
  return {
    id: f.id,
    message_id: f.messageId,
    project_id: f.projectId,
    name: f.name,
    extension: f.extension,
    filename: `${f.name}.${f.extension}`,
    content_type: f.contentType,
    size: f.size,
    file_type_id: f.fileTypeId,
    file_subject_type_id: f.fileSubjectTypeId,
    file_data_type_id: f.fileDataTypeId,
    url: `/portal/api/v2/project/${f.projectId}/file/${f.id}`,
    created_at: f.createdAt.toISOString(),
  };
}
export type PresentedFile = ReturnType<typeof presentFile>;

export interface PresentedMessage {
  id: number;
  project_id: number;
  user_id: number | null;
  author: string | null;
  body: string;
  /** The body through the one markdown renderer (link rules, xss allow-list). */
  body_html: string;
  created_at: string;
  /** Dutch long form: '21 november 2026 om 14:05 uur'. */
  created_at_text: string;
  files: PresentedFile[];
  unread: boolean;
  can_manage: boolean;
}

/** The presentation fields derived from body and date. */
export const bodyAndDate = (body: string, createdAt: Date) => ({
  body,
  body_html: body ? renderMarkdown(body) : '',
  created_at: createdAt.toISOString(),
  created_at_text: formatDateTime(createdAt),
});
