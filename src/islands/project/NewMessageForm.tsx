import { useRef, useState, type DragEvent, type SubmitEvent } from 'react';
import { formatSize } from './MessageAttachment';
import { ALLOWED_EXTENSIONS } from './message-files';
import { useMessageUpload, type Upload } from './use-message-upload';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';

/** A new message: markdown text and files (dropped or chosen), sent with a progress bar per file. */
export function NewMessageForm({ projectId, onSent }: { projectId: number; onSent: () => void }) {
  const hydrated = useHydrated();
  const form = useKeepEarlyInput<HTMLFormElement>();
  const [body, setBody] = useState('');
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const { uploads, errors, sending, add, removeUpload, send, cancel } = useMessageUpload(projectId);

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!sending && e.dataTransfer.files.length) add(e.dataTransfer.files);
  }

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void send(body, () => {
      setBody('');
      onSent();
    });
  }

  return (
    <form ref={form} className="flex flex-col gap-3" onSubmit={submit} aria-labelledby="new-message-title" noValidate>
      <h2 id="new-message-title" className="text-lg font-semibold">{t.newMessage}</h2>
      <label className="flex flex-col gap-1 text-sm">
        <span>{t.text}</span>
        <textarea name="body" rows={4} className="rounded border border-gray-400 p-2" value={body} onChange={(e) => setBody(e.target.value)} disabled={sending} aria-describedby="message-hint" />
      </label>
      <p id="message-hint" className="text-xs text-gray-700">{t.hint}</p>
      <div
        className={`relative flex flex-col items-start gap-2 rounded border-2 border-dashed p-3 text-sm ${dragging ? 'border-brand bg-brand-light' : 'border-gray-300'}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        data-drop-zone
      >
        <span>{t.dropHint}</span>
        {/*
          Before the island runs, the (invisible) file input covers the whole zone: a file dropped
          there is then the input's own choice instead of the browser opening it and leaving the
          page, and useKeepEarlyInput hands it to `add` on hydration. After that the zone's drop
          handler and the button take over.
        */}
        <input
          ref={picker}
          id="message-files"
          type="file"
          multiple
          className={hydrated ? 'hidden' : 'absolute inset-0 h-full w-full cursor-pointer opacity-0'}
          tabIndex={-1}
          aria-hidden={hydrated ? undefined : true}
          aria-label={t.chooseFiles}
          accept={ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(e) => {
            if (e.target.files) add(e.target.files);
            e.target.value = '';
          }}
          disabled={sending}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => picker.current?.click()} disabled={!hydrated || sending}>{t.chooseFiles}</button>
      </div>
      {uploads.length > 0 && <UploadList uploads={uploads} sending={sending} onRemove={removeUpload} />}
      {errors.length > 0 && (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {errors.map((e) => <p key={e}>{e}</p>)}
        </div>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={!hydrated || sending}>{sending ? t.sending : t.send}</button>
        {sending && <button type="button" className={dangerButtonClass} onClick={cancel}>{t.cancel}</button>}
      </div>
    </form>
  );
}

function UploadList({ uploads, sending, onRemove }: { uploads: Upload[]; sending: boolean; onRemove: (index: number) => void }) {
  return (
    <ul className="flex flex-col gap-2" aria-label={t.attachments}>
      {uploads.map((u, i) => (
        <li key={`${u.file.name}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 basis-full break-all sm:basis-auto sm:flex-1">{u.file.name} ({formatSize(u.file.size)})</span>
          <progress className="h-2 w-40" max={100} value={Math.round(u.progress * 100)} aria-label={t.progress(u.file.name)} />
          <span className="w-10 text-right text-xs" aria-hidden="true">{Math.round(u.progress * 100)}%</span>
          {!sending && (
            <button type="button" className="text-sm text-red-700 underline" onClick={() => onRemove(i)} aria-label={`${t.removeFile}: ${u.file.name}`}>
              {t.removeFile}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
