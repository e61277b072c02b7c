import { useState, type SubmitEvent } from 'react';
import { adminNl } from '../../shared/i18n/admin';
import { useHydrated } from '../use-hydrated';
import { adminCall } from './call';
import { useKeepEarlyInput } from '../early-input';

/** 'Toegang aanvragen' on the 'Geen toegang' page, with an optional reason. */
export default function RequestAccess({ path }: { path: string }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const res = await adminCall<{ id: number }>('POST', '/api/v2/admin/requestAccess', { path, reason });
    if (res.error) return setError(res.error);
    setDone(adminNl.access.sent);
  }
  if (done) return <p className="rounded bg-green-50 border border-green-700 p-3 text-sm" role="status">{done}</p>;
  return (
    <form ref={keepInput} className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1 text-sm">
        {adminNl.requestForm.reason}
        <textarea className="rounded border border-gray-400 px-3 py-2" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!error} aria-describedby={error ? 'access-error' : undefined} />
      </label>
      {error && <p id="access-error" className="text-sm text-red-700">{error}</p>}
      <button type="submit" className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" disabled={!hydrated}>{adminNl.requestForm.button}</button>
    </form>
  );
}
