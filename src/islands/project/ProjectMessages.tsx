import { useState } from 'react';
import type { MessageFile } from './MessageAttachment';
import { MessageList, type MessageView } from './MessageList';
import { NewMessageForm } from './NewMessageForm';
import { api } from '../../shared/api-client';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { confirmAction } from '../shell/confirm';

interface Props {
  projectId: number;
  initial: MessageView[];
  canPost: boolean;
}

/** ViewProjectMessages: the conversation and, when the user may write, a new message with files (progress per file, cancel). */
export default function ProjectMessages({ projectId, initial, canPost }: Props) {
  const [list, setList] = useState(initial);

  async function reload() {
    const res = await api<{ data: MessageView[] }>('GET', `/api/v2/project/${projectId}/message`);
    setList(res.data);
  }

  async function remove(m: MessageView) {
    if (!(await confirmAction(t.confirmDelete))) return;
    try {
      await api('DELETE', `/api/v2/project/${projectId}/message/${m.id}`);
      setList((current) => current.filter((x) => x.id !== m.id));
    } catch {
      // The client shows why.
    }
  }

  const replaceFile = (saved: MessageFile) =>
    setList((current) => current.map((m) => ({ ...m, files: m.files.map((f) => (f.id === saved.id ? saved : f)) })));

  async function removeFile(file: MessageFile) {
    if (!(await confirmAction(t.confirmDeleteFile(file.filename)))) return;
    try {
      await api('DELETE', `/api/v2/project/${projectId}/file/${file.id}`);
      setList((current) => current.map((m) => ({ ...m, files: m.files.filter((f) => f.id !== file.id) })));
    } catch {
      // The client shows why.
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {canPost && <NewMessageForm projectId={projectId} onSent={() => void reload()} />}
      <MessageList projectId={projectId} list={list} onDelete={(m) => void remove(m)} onFileSaved={replaceFile} onFileDelete={(f) => void removeFile(f)} />
    </div>
  );
}
