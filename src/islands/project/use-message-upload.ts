import { useRef, useState } from 'react';
import { BASE, xsrfHeader } from '../../shared/api-client';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { MAX_MESSAGE_FILES } from '../../shared/validation/project-messages';
import { fileProblem } from './message-files';

export interface Upload {
  file: File;
  progress: number;
}

/**
 * The attachments of a new message and its sending: an XMLHttpRequest rather than fetch, because
 * only that reports upload progress (one bar per file) and can be cancelled halfway.
 */
export function useMessageUpload(projectId: number) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const xhr = useRef<XMLHttpRequest | null>(null);

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

  const removeUpload = (index: number) => setUploads(uploads.filter((_, j) => j !== index));

  /** Sends the text with the attachments; `onSent` runs after a 201. */
  async function send(body: string, onSent: () => void) {
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
    const xsrf = await xsrfHeader();
    const request = new XMLHttpRequest();
    xhr.current = request;
    request.open('POST', `${BASE}/api/v2/project/${projectId}/message`);
    request.timeout = 180_000;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(xsrf)) request.setRequestHeader(name, value);
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
        setUploads([]);
        setErrors([]);
        finish(null);
        onSent();
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

  const cancel = () => xhr.current?.abort();
  return { uploads, errors, sending, add, removeUpload, send, cancel };
}
