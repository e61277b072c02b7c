import { Attachment, type MessageFile } from './MessageAttachment';
import { messagesPageNl as t } from '../../shared/i18n/messages';

export interface MessageView {
  id: number;
  author: string | null;
  /** Dutch long date and time, formatted on the server. */
  created_at_text: string;
  /** The body through the markdown renderer (link rules, xss allow-list), on the server. */
  body_html: string;
  files: MessageFile[];
  unread: boolean;
  can_manage: boolean;
}

interface Props {
  projectId: number;
  list: MessageView[];
  onDelete: (message: MessageView) => void;
  onFileSaved: (file: MessageFile) => void;
  onFileDelete: (file: MessageFile) => void;
}

/** The conversation, newest first as the server sends it; unread messages stand out. */
export function MessageList({ projectId, list, onDelete, onFileSaved, onFileDelete }: Props) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="messages-title">
      <h2 id="messages-title" className="text-lg font-semibold">{t.conversation}</h2>
      {list.length === 0 ? (
        <p className="text-sm text-gray-700">{t.none}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="messages">
          {list.map((m) => (
            <li key={m.id} className={`flex flex-col gap-2 rounded border p-3 ${m.unread ? 'border-brand' : 'border-gray-200'}`} data-message={m.id}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{m.author ?? t.unknownAuthor}</span>
                <span className="text-gray-700">{m.created_at_text}</span>
                {m.unread && <span className="rounded bg-brand px-2 py-0.5 text-xs text-white">{t.new}</span>}
                {m.can_manage && (
                  <button type="button" className="ml-auto text-sm text-red-700 underline" onClick={() => onDelete(m)} aria-label={t.deleteMessage(m.author ?? t.unknownAuthor, m.created_at_text)}>
                    {t.delete}
                  </button>
                )}
              </div>
              {m.body_html && <div className="text-sm [&>*+*]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-brand [&_a]:underline [&_h3]:font-semibold [&_h4]:font-semibold" dangerouslySetInnerHTML={{ __html: m.body_html }} />}
              {m.files.length > 0 && (
                <ul className="flex flex-col gap-2" aria-label={t.attachments}>
                  {m.files.map((f) => (
                    <Attachment key={f.id} projectId={projectId} file={f} canManage={m.can_manage} onSaved={onFileSaved} onDelete={onFileDelete} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
