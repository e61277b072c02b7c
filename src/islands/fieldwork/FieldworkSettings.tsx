import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { participateNl } from '../../shared/i18n/participate';
import { useHydrated } from '../use-hydrated';
import type { Fieldwork } from './types';

const t = participateNl.fieldwork;

/** Open/closed and the period; the participation and paper-entry links; how far the fieldwork is. */
export default function FieldworkSettings({ surveyId, fieldwork, onSaved }: { surveyId: number; fieldwork: Fieldwork; onSaved: (f: Fieldwork) => void }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState(fieldwork.status);
  const [start, setStart] = useState(fieldwork.starts_at ?? '');
  const [end, setEnd] = useState(fieldwork.ends_at ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const res = await api<{ data: Fieldwork }>('PUT', `/api/v2/survey/${surveyId}/fieldwork`, { body: { status, starts_at: start, ends_at: end } });
      setErrors({});
      onSaved(res.data);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }
  const c = fieldwork.counts;
  const field = 'border rounded px-2 py-1';
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p className="text-sm">
        {t.link}: <a className="underline break-all" href={fieldwork.link} data-testid="participation-link">{fieldwork.link}</a>
      </p>
      <p className="text-sm text-gray-600">{t.linkHint} <a className="underline" href={fieldwork.paper_link}>{t.paper}</a></p>
      <div className="flex flex-wrap gap-4 items-end">
        <label className="flex flex-col gap-1 text-sm">
          {t.status}
          <select className={field} value={status} onChange={(e) => setStatus(e.target.value as Fieldwork['status'])}>
            <option value="open">{t.open}</option>
            <option value="closed">{t.closed}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t.start}
          <input className={field} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} aria-invalid={!!errors.starts_at} />
          {errors.starts_at && <span className="text-red-700">{errors.starts_at[0]}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t.end}
          <input className={field} type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={!!errors.ends_at} />
          {errors.ends_at && <span className="text-red-700">{errors.ends_at[0]}</span>}
        </label>
        <button className="rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated}>{t.save}</button>
      </div>
      <p className="text-sm">{t.counts(c.in_progress, c.completed_web)} · {participateNl.paper.count(c.paper)}</p>
      {c.pending_rebuild > 0 && <p className="text-sm text-gray-600">{t.pendingRebuild}</p>}
    </form>
  );
}
