import type { projectFiles } from '../../db/schema';
import { FILE_TYPES } from '../../../shared/lookups/files';

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
  created_at: string;
  files: PresentedFile[];
  unread: boolean;
  can_manage: boolean;
}
