import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/surveys';
import { messages } from '../../shared/validation/messages';
import { JobProgress, useJob, type JobView } from './JobProgress';
import { uploadFile } from '../upload';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = surveysNl.edit;
interface Report {
  rows: number; accepted: number; inserted: number; rejected: number; rejectedRows: { row: number; line: number; column?: string; reason: string }[];
  /** An archive's participants (present when they were read), or why they were not. */
  tokens?: { inserted: number; updated: number; unchanged: number; newCodes?: number };
  tokensNotRead?: boolean;
}

/** Tab 'Respons': upload, progress of the import job, then the validation report. */
export default function ResponseUpload({ surveyId }: { surveyId: number }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const job = useJob(started);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setError(messages.required);
    if (file.size > MAX_UPLOAD_BYTES) return setError(messages.fileTooLarge);
    try {
      const res = await uploadFile<{ data: JobView }>(`/api/v2/survey/${surveyId}/response`, file);
      setError(null);
      setStarted(res.data);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.file?.[0] ?? err.message) : String(err));
    }
  }
  const report = job?.status === 'done' ? (job.result as unknown as Report) : null;
  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <form method="post" className="flex flex-col gap-3 max-w-xl" onSubmit={submit} noValidate>
        <label className="flex flex-col gap-1 text-sm">
          {t.file}
          <input type="file" accept=".csv,.txt,.lsr,.lsa,text/csv,text/plain,text/xml,application/zip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-invalid={!!error} />
          {error && <span className="text-red-700">{error}</span>}
        </label>
        <button className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated}>{t.upload}</button>
      </form>
      <JobProgress job={job} label={t.progress} />
      {report && (
        <section className="flex flex-col gap-2">
          <p className="text-sm">{t.report(report.rows, report.accepted, report.inserted, report.rejected)}</p>
          {report.tokens && <p className="text-sm">{t.tokensReport(report.tokens.inserted, report.tokens.updated, report.tokens.unchanged, report.tokens.newCodes ?? 0)}</p>}
          {report.tokensNotRead && <p className="text-sm">{t.tokensNotRead}</p>}
          {report.rejectedRows.length > 0 && (
            <table className="text-sm w-full">
              <caption className="text-left font-semibold">{t.rejectedTitle}</caption>
              <thead><tr className="text-left"><th>{t.row}</th><th>{t.column}</th><th>{t.reason}</th></tr></thead>
              <tbody>
                {report.rejectedRows.map((r, i) => (
                  <tr key={i} className="border-t"><td>{r.row}</td><td>{r.column ?? '—'}</td><td>{r.reason}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
