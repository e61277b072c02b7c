import { useEffect, useState } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { participateNl } from '../../shared/i18n/participate';
import { JobProgress, useJob, type JobView } from '../survey/JobProgress';
import { useHydrated } from '../use-hydrated';
import type { Fieldwork } from './types';

const t = participateNl.invitations;

/** Invitations and reminders by mail, as a job with its progress. */
export default function Invitations({ surveyId, fieldwork, onDone }: { surveyId: number; fieldwork: Fieldwork; onDone: () => void }) {
  const hydrated = useHydrated();
  const [started, setStarted] = useState<JobView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJob(started);
  const busy = job !== null && (job.status === 'queued' || job.status === 'running');
  useEffect(() => {
    if (job?.status === 'done') onDone();
  }, [job?.status, onDone]);
  async function send(kind: 'invite' | 'remind') {
    try {
      const res = await api<{ data: JobView }>('POST', `/api/v2/survey/${surveyId}/invitation`, { body: { kind } });
      setError(null);
      setStarted(res.data);
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors.kind?.[0] ?? err.message);
    }
  }
  if (!fieldwork.uses_tokens) return <p className="text-sm">{t.noTokens}</p>;
  const r = job?.result as { sent?: number; skipped?: number; failed?: number } | undefined;
  const button = 'rounded border border-brand text-brand hover:bg-brand-light px-4 py-2 disabled:opacity-50';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{t.intro}</p>
      <p className="text-sm">{t.eligible(fieldwork.invitations.to_invite, fieldwork.invitations.to_remind)}</p>
      <div className="flex flex-wrap gap-3">
        <button className={button} type="button" disabled={!hydrated || busy || !fieldwork.invitations.to_invite} onClick={() => send('invite')}>{t.invite}</button>
        <button className={button} type="button" disabled={!hydrated || busy || !fieldwork.invitations.to_remind} onClick={() => send('remind')}>{t.remind}</button>
      </div>
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
      <JobProgress job={job} label={t.title} />
      {job?.status === 'done' && r && <p className="text-sm text-green-800" role="status">{t.result(r.sent ?? 0, r.skipped ?? 0, r.failed ?? 0)}</p>}
    </div>
  );
}
