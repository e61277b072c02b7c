import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { surveysNl } from '../../shared/i18n/surveys';
import { JobProgress, useJob, type JobView } from './JobProgress';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = surveysNl.edit;

/** Tab 'Genereren': up to 1,000,000 tokens as a job, with a progress bar. */
export default function GenerateTokens({ surveyId, tokens }: { surveyId: number; tokens: number }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [count, setCount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const job = useJob(started);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const res = await api<{ data: JobView }>('POST', `/api/v2/survey/${surveyId}/token/generate`, { body: { count } });
      setError(null);
      setStarted(res.data);
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors.count?.[0] ?? err.message);
    }
  }
  const busy = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <form ref={keepInput} method="post" className="flex flex-col gap-4 max-w-md" onSubmit={submit} noValidate>
      <p className="text-sm">{t.tokensNow}: {tokens.toLocaleString('nl-NL')}</p>
      <label className="flex flex-col gap-1 text-sm">
        {t.count}
        <input className="border rounded px-2 py-1" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} aria-invalid={!!error} />
        {error && <span className="text-red-700">{error}</span>}
      </label>
      <button className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated || busy}>{t.generate}</button>
      <JobProgress job={job} label={t.progress} />
      {job?.status === 'done' && <p className="text-sm text-green-800">{t.generated(Number(job.result?.generated ?? 0))}</p>}
    </form>
  );
}
