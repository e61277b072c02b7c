import { useEffect, useState } from 'react';
import { request } from '../../shared/api-client';

export interface JobView {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error?: string;
  result?: Record<string, unknown>;
}

/** Polls GET job/{id} every second until the job is done or failed. */
export function useJob(initial: JobView | null): JobView | null {
  const [job, setJob] = useState(initial);
  useEffect(() => setJob(initial), [initial]);
  useEffect(() => {
    if (!job || job.status === 'done' || job.status === 'failed') return;
    const timer = setTimeout(async () => {
      try {
        const res = await request<{ data: JobView }>('GET', `/api/v2/job/${job.id}`);
        setJob(res.data);
      } catch {
        setJob({ ...job });
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [job]);
  return job;
}

export function JobProgress({ job, label }: { job: JobView | null; label: string }) {
  if (!job) return null;
  const percent = job.status === 'done' ? 100 : job.progress;
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <label className="text-sm">
        {label}: {percent}%
        <progress className="block w-full h-3" max={100} value={percent} />
      </label>
      {job.status === 'failed' && <p className="text-sm text-red-700">{job.error}</p>}
    </div>
  );
}
