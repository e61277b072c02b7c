import { useRef, useState, type DragEvent, type SubmitEvent } from 'react';
import { Attachment, formatSize, type MessageFile } from './MessageAttachment';
import { api, BASE } from '../../shared/api-client';
import { messages as rules } from '../../shared/validation/messages';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { MAX_MESSAGE_FILE_BYTES, MAX_MESSAGE_FILES } from '../../shared/validation/project-messages';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';

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
  initial: MessageView[];
  canPost: boolean;
}

const ALLOWED = ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'csv', 'txt', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'mp3', 'mp4', 'aac', 'm4a', 'wav'];
const extension = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

function fileProblem(file: File): string | null {
  if (!ALLOWED.includes(extension(file.name))) return t.typeNotAllowed(file.name);
  if (file.size > MAX_MESSAGE_FILE_BYTES) return `${file.name}: ${rules.fileTooLarge}`;
  if (file.size === 0) return t.emptyFile(file.name);
  return null;
}

interface Upload {
  file: File;
  progress: number;
}

/** ViewProjectMessages: the conversation and, when the user may write, a new message with files (progress per file, cancel). */
export default function ProjectMessages({ projectId, initial, canPost }: Props) {
  const hydrated = useHydrated();
  const [list, setList] = useState(initial);
  const [body, setBody] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [dragging, setDragging] = useState(false);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  function add(files: FileList | File[]) {
    const problems: string[] = [];
    const next = [...uploads];
    for (const file of Array.from(files)) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else if (next.length >= MAX_MESSAGE_FILES) problems.push(t.tooManyFiles);
      else next.push({ file, progress: 0 });
    }
    setUploads(next);
    setErrors(problems);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!sending && e.dataTransfer.files.length) add(e.dataTransfer.files);
  }

  function send(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!body.trim() && !uploads.length) {
      setErrors([t.empty]);
      return;
    }
    const form = new FormData();
    form.append('body', body);
    for (const u of uploads) form.append('files[]', u.file, u.file.name);
    // Where each file starts in the multipart body (the body text comes first), for its own bar.
    const starts: number[] = [];
    let at = new Blob([body]).size + 200;
    for (const u of uploads) {
      starts.push(at);
      at += u.file.size + 200;
    }
    const request = new XMLHttpRequest();
    xhr.current = request;
    request.open('POST', `${BASE}/api/v2/project/${projectId}/message`);
    request.timeout = 180_000;
    request.setRequestHeader('Accept', 'application/json');
    const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    request.upload.onprogress = (ev) => {
      setUploads((current) => current.map((u, i) => ({ ...u, progress: Math.max(0, Math.min(1, (ev.loaded - starts[i]!) / Math.max(1, u.file.size))) })));
    };
    const finish = (problem: string | null) => {
      xhr.current = null;
      setSending(false);
      if (problem) {
        setErrors([problem]);
        setUploads((current) => current.map((u) => ({ ...u, progress: 0 })));
      }
    };
    request.onload = () => {
      let payload: { data?: { id: number }; message?: string; errors?: Record<string, string[]> } = {};
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // A proxy's answer (413 above the limit): the status says enough.
      }
      if (request.status === 201) {
        setBody('');
        setUploads([]);
        setErrors([]);
        finish(null);
        void reload();
        return;
      }
      if (request.status === 413) return finish(t.tooLarge);
      const fieldErrors = Object.values(payload.errors ?? {}).flat();
      finish(fieldErrors.join(' ') || payload.message || t.failed);
    };
    request.onerror = () => finish(t.failed);
    request.ontimeout = () => finish(t.timeout);
    request.onabort = () => finish(t.cancelled);
    setSending(true);
    setErrors([]);
    request.send(form);
  }

  async function reload() {
    const res = await api<{ data: MessageView[] }>('GET', `/api/v2/project/${projectId}/message`);
    setList(res.data);
  }

  async function remove(m: MessageView) {
    if (!window.confirm(t.confirmDelete)) return;
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
    if (!window.confirm(t.confirmDeleteFile(file.filename))) return;
    try {
      await api('DELETE', `/api/v2/project/${projectId}/file/${file.id}`);
      setList((current) => current.map((m) => ({ ...m, files: m.files.filter((f) => f.id !== file.id) })));
    } catch {
      // The client shows why.
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {canPost && (
        <form className="flex flex-col gap-3" onSubmit={send} aria-labelledby="new-message-title" noValidate>
          <h2 id="new-message-title" className="text-lg font-semibold">{t.newMessage}</h2>
          <label className="flex flex-col gap-1 text-sm">
            <span>{t.text}</span>
            <textarea
              name="body"
              rows={4}
              className="rounded border border-gray-400 p-2"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              disabled={sending}
              aria-describedby="message-hint"
            />
          </label>
          <p id="message-hint" className="text-xs text-gray-700">{t.hint}</p>
          <div
            className={`flex flex-col items-start gap-2 rounded border-2 border-dashed p-3 text-sm ${dragging ? 'border-brand bg-brand-light' : 'border-gray-300'}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="drop-zone"
          >
            <span>{t.dropHint}</span>
            <input
              ref={picker}
              id="message-files"
              type="file"
              multiple
              className="hidden"
              tabIndex={-1}
              aria-label={t.chooseFiles}
              accept={ALLOWED.map((e) => `.${e}`).join(',')}
              onChange={(e) => {
                if (e.target.files) add(e.target.files);
                e.target.value = '';
              }}
              disabled={sending}
            />
            <button type="button" className={secondaryButtonClass} onClick={() => picker.current?.click()} disabled={!hydrated || sending}>{t.chooseFiles}</button>
          </div>
          {uploads.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={t.attachments}>
              {uploads.map((u, i) => (
                <li key={`${u.file.name}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1 break-all">{u.file.name} ({formatSize(u.file.size)})</span>
                  <progress className="h-2 w-40" max={100} value={Math.round(u.progress * 100)} aria-label={t.progress(u.file.name)} />
                  <span className="w-10 text-right text-xs" aria-hidden="true">{Math.round(u.progress * 100)}%</span>
                  {!sending && (
                    <button type="button" className="text-sm text-red-700 underline" onClick={() => setUploads(uploads.filter((_, j) => j !== i))} aria-label={`${t.removeFile}: ${u.file.name}`}>
                      {t.removeFile}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {errors.length > 0 && (
            <div role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
              {errors.map((e) => <p key={e}>{e}</p>)}
            </div>
          )}
          <div className="flex gap-2">
            <button type="submit" className={buttonClass} disabled={!hydrated || sending}>{sending ? t.sending : t.send}</button>
            {sending && (
              <button type="button" className={dangerButtonClass} onClick={() => xhr.current?.abort()}>{t.cancel}</button>
            )}
          </div>
        </form>
      )}
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
                    <button type="button" className="ml-auto text-sm text-red-700 underline" onClick={() => void remove(m)} aria-label={t.deleteMessage(m.author ?? t.unknownAuthor, m.created_at_text)}>
                      {t.delete}
                    </button>
                  )}
                </div>
                {m.body_html && <div className="text-sm [&>*+*]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-brand [&_a]:underline [&_h3]:font-semibold [&_h4]:font-semibold" dangerouslySetInnerHTML={{ __html: m.body_html }} />}
                {m.files.length > 0 && (
                  <ul className="flex flex-col gap-2" aria-label={t.attachments}>
                    {m.files.map((f) => (
                      <Attachment key={f.id} projectId={projectId} file={f} canManage={m.can_manage} onSaved={replaceFile} onDelete={(file) => void removeFile(file)} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
