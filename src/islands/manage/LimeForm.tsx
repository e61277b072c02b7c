import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { messages } from '../../shared/validation/messages';
import { buttonClass, secondaryButtonClass, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';

const t = usersNl.limeTab;

/** 'LimeSurvey koppeling': PUT user/{id}/lime/{uid}, DELETE user/{id}/lime. */
export default function LimeForm({ userId, initial, editable }: { userId: number; initial: number | null; editable: boolean }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function send(method: 'PUT' | 'DELETE', path: string) {
    setBusy(true);
    try {
      const res = await api<{ data: { lime_user_id: number | null } }>(method, path);
      setSaved(res.data.lime_user_id);
      setValue(res.data.lime_user_id === null ? '' : String(res.data.lime_user_id));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const uid = Number(value);
    if (!/^\d{1,9}$/.test(value.trim()) || uid < 1) return setErrors({ uid: [value.trim() === '' ? messages.required : uid < 1 && /^\d+$/.test(value.trim()) ? messages.min1 : messages.wholeNumber] });
    setErrors({});
    void send('PUT', `/api/v2/user/${userId}/lime/${uid}`);
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3" aria-busy={busy}>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <p className="text-sm" role="status">{saved === null ? t.none : `${t.uid}: ${saved}`}</p>
      {editable && (
        <>
          <TextField name="uid" label={t.uid} inputMode="numeric" errors={errors} value={value} onChange={setValue} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={!hydrated || busy} className={buttonClass}>{t.save}</button>
            {saved !== null && (
              <button type="button" disabled={!hydrated || busy} className={secondaryButtonClass} onClick={() => send('DELETE', `/api/v2/user/${userId}/lime`)}>{t.remove}</button>
            )}
          </div>
        </>
      )}
    </form>
  );
}
