import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError, request } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { messages } from '../../shared/validation/messages';
import { buttonClass, secondaryButtonClass, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = usersNl.limeTab;
interface LimeUser { uid: number; username: string; full_name: string; email: string; portal_user: { id: number; fullname: string } | null }

/**
 * 'LimeSurvey koppeling': PUT user/{id}/lime/{uid}, DELETE user/{id}/lime. With a connection whose
 * LimeSurvey user may list users, the user is chosen from GET user/{id}/lime/users; otherwise the
 * id is typed (the note says why).
 */
export default function LimeForm({ userId, initial, editable }: { userId: number; initial: number | null; editable: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<LimeUser[] | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!editable) return;
    request<{ data: { connected: boolean; users: LimeUser[] | null } }>('GET', `/api/v2/user/${userId}/lime/users`)
      .then(({ data }) => {
        setChoices(data.users);
        setNote(data.users ? null : data.connected ? t.noList : t.noConnection);
      })
      .catch((err: unknown) => setNote(err instanceof ApiError ? err.message : String(err)));
  }, [editable, userId]);
  const chosen = choices?.find((u) => u.uid === saved);

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
    <form ref={keepInput} onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3" aria-busy={busy}>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <p className="text-sm" role="status">{saved === null ? t.none : `${t.uid}: ${saved}${chosen ? ` (${chosen.full_name || chosen.username}, ${chosen.username})` : ''}`}</p>
      {editable && note && <p className="text-sm text-gray-700">{note}</p>}
      {editable && (
        <>
          {choices ? (
            <SelectField name="uid" label={t.choose} errors={errors} value={value} onChange={setValue}>
              <option value="">{t.chooseNone}</option>
              {choices.map((u) => (
                <option key={u.uid} value={String(u.uid)}>
                  {`${u.full_name || u.username} (${u.username}, id ${u.uid})${u.portal_user && u.portal_user.id !== userId ? ` — ${t.coupledTo(u.portal_user.fullname)}` : ''}`}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField name="uid" label={t.uid} inputMode="numeric" errors={errors} value={value} onChange={setValue} />
          )}
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
