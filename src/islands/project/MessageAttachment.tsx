import { useRef, useState } from 'react';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { FILE_DATA_TYPES, FILE_SUBJECT_TYPES } from '../../shared/lookups/files';
import FileEditForm, { type EditableFile } from './FileEditForm';

export interface MessageFile extends EditableFile {
  content_type: string;
  size: number;
  url: string;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} kB`;
  return `${(bytes / 1024 / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`;
}

// Type icons (inline SVG like the shell's; the CSP allows no icon font): document, sound, video, image.
const ICON_PATHS = {
  document: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6',
  audio: 'M9 18V6l10-2v12M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM19 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  video: 'M3 6h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zM16 10l6-3v10l-6-3',
  image: 'M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM3 16l5-5 5 5M14 14l2-2 5 5M15 8.5a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0z',
};

function TypeIcon({ type }: { type: string }) {
  const kind = type.startsWith('audio/') ? 'audio' : type.startsWith('video/') ? 'video' : type.startsWith('image/') ? 'image' : 'document';
  return (
    <svg className="h-5 w-5 shrink-0 text-brand" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[kind]} />
    </svg>
  );
}

const typeNames = (file: MessageFile) =>
  [FILE_SUBJECT_TYPES.find((x) => x.id === file.file_subject_type_id)?.name, FILE_DATA_TYPES.find((x) => x.id === file.file_data_type_id)?.name].filter(Boolean).join(' · ');

interface AttachmentProps {
  projectId: number;
  file: MessageFile;
  /** The message's can_manage: its author, Projectleiders, company admins, root (as the API). */
  canManage: boolean;
  onSaved: (file: MessageFile) => void;
  onDelete: (file: MessageFile) => void;
}

/** One attachment of a message: type icon, name and types, size, download, and for managers Wijzigen (inline form) and Verwijderen; audio and video play inline. */
export function Attachment({ projectId, file, canManage, onSaved, onDelete }: AttachmentProps) {
  const inline = `${file.url}?inline=1`;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const types = typeNames(file);
  return (
    <li className="flex flex-col gap-2 rounded border border-gray-200 p-2" data-file={file.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <TypeIcon type={file.content_type} />
        {/* The name takes at least 12rem: on a phone the size and the actions move to the next line. */}
        <span className="min-w-0 flex-[1_1_12rem] break-words text-sm">
          {file.filename}
          {types && <span className="block text-xs text-gray-700" data-testid="file-types">{types}</span>}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-xs text-gray-700">{formatSize(file.size)}</span>
          <a className="text-sm text-brand underline" href={file.url} download={file.filename} aria-label={`${t.download}: ${file.filename}`}>
            {t.download}
          </a>
          {canManage && (
            <>
              <button ref={editButton} type="button" className="text-sm text-brand underline" onClick={() => setEditing(true)} aria-expanded={editing} aria-label={t.editFile(file.filename)}>
                {t.edit}
              </button>
              <button type="button" className="text-sm text-red-700 underline" onClick={() => onDelete(file)} aria-label={t.deleteFile(file.filename)}>
                {t.delete}
              </button>
            </>
          )}
        </span>
      </div>
      {editing && (
        <FileEditForm
          projectId={projectId}
          file={file}
          onCancel={close}
          onSaved={(saved) => {
            onSaved(saved);
            close();
          }}
        />
      )}
      {file.content_type.startsWith('audio/') && <audio controls preload="metadata" src={inline} className="w-full" aria-label={file.filename} />}
      {file.content_type.startsWith('video/') && <video controls preload="metadata" src={inline} className="max-h-80 w-full bg-black" aria-label={file.filename} />}
    </li>
  );
}

