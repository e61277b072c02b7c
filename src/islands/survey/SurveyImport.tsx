import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/surveys';
import { messages } from '../../shared/validation/messages';
import { url } from '../../shared/urls';
import { JobProgress, useJob, type JobView } from './JobProgress';
import { uploadFile } from '../upload';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = surveysNl.importScreen;
interface Imported { id: number; groups: number; questions: number }
interface ArchiveResult { surveyId: number; responses: { inserted: number; rejected: number }; tokens: { inserted: number; newCodes?: number } }

/**
 * Import a LimeSurvey structure (.lss) or archive (.lsa). A root user picks the company. An
 * identical structure already in the company is answered with 409: the screen asks, and
 * 'Toch importeren' sends the file again with confirm_duplicate=1. An archive runs as a job.
 */
export default function SurveyImport({ companies, ownCompanyId }: { companies: { id: number; name: string }[]; ownCompanyId: number | null }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [companyId, setCompanyId] = useState(String(ownCompanyId ?? companies[0]?.id ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const [done, setDone] = useState<Imported | null>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const [busy, setBusy] = useState(false);
  const job = useJob(started);

  async function send(confirm: boolean, file: File | null) {
    if (!file) return setError(messages.required);
    if (file.size > MAX_UPLOAD_BYTES) return setError(messages.fileTooLarge);
    setBusy(true);
    setDuplicate(null);
    setDone(null);
    setStarted(null);
    try {
      const fields: Record<string, string> = {};
      if (companies.length) fields.company_id = companyId;
      if (confirm) fields.confirm_duplicate = '1';
      const res = await uploadFile<{ data: Imported | JobView; alert?: string }>('/api/v2/survey/import', file, { fields, showAlert: true });
      setError(null);
      if ('status' in res.data) setStarted(res.data);
      else setDone(res.data);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setDuplicate(err.message);
      else setError(err instanceof ApiError ? (err.errors.file?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }
  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void send(false, file);
  }
  const archive = job?.status === 'done' ? (job.result as unknown as ArchiveResult) : null;
  const openLink = (id: number) => (
    <a className="self-start rounded bg-brand px-4 py-2 text-white" href={url(`/survey/${id}/edit`)}>
      {t.open}
    </a>
  );
  return (
    <div ref={keepInput} className="flex max-w-xl flex-col gap-4">
      <p className="text-sm text-gray-700">{t.intro}</p>
      <form method="post" className="flex flex-col gap-3" onSubmit={submit} noValidate>
        {companies.length > 0 && (
          <label className="flex flex-col gap-1 text-sm">
            {t.company}
            <select value={companyId} onChange={(e) => setCompanyId(e.target.value)} className="rounded border border-gray-400 bg-white px-2 py-2">
              {companies.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm">
          {t.file}
          <input type="file" accept=".lss,.lsa,application/zip,text/xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-invalid={!!error} aria-describedby={error ? 'import-error' : undefined} />
          {error && <span id="import-error" className="text-red-700">{error}</span>}
        </label>
        <button className="self-start rounded bg-brand px-4 py-2 text-white disabled:opacity-50" type="submit" disabled={!hydrated || busy}>{t.submit}</button>
      </form>
      {duplicate && (
        <div role="alert" className="flex flex-col gap-2 rounded border border-orange-300 bg-orange-50 p-4 text-sm">
          <p>{duplicate}</p>
          <div className="flex gap-2">
            <button type="button" className="rounded bg-brand px-3 py-1 text-white" onClick={() => void send(true, file)}>{t.importAnyway}</button>
            <button type="button" className="rounded border border-gray-400 px-3 py-1" onClick={() => setDuplicate(null)}>{t.cancel}</button>
          </div>
        </div>
      )}
      {done && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-sm">{t.imported(done.groups, done.questions)}</p>
          {openLink(done.id)}
        </div>
      )}
      <JobProgress job={job} label={t.progress} />
      {archive && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-sm">{t.archiveDone(archive.responses.inserted, archive.responses.rejected, archive.tokens.inserted, archive.tokens.newCodes ?? 0)}</p>
          {openLink(archive.surveyId)}
        </div>
      )}
    </div>
  );
}
