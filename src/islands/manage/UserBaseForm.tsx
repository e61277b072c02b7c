import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { UserUpdate } from '../../shared/validation/users';
import { buttonClass, issuesToErrors, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = usersNl;

interface Props {
  id: number;
  initial: { fullname: string; email: string; demo_expires_at: string | null };
  /** A manager edits e-mail and a demo account's end date; one's own profile only the name. */
  manage: boolean;
  /** A read-only demo account's own profile: the fields as text, no save (the server refuses with 403 anyway). */
  readOnly?: boolean;
}

/** PUT user/{id}: name (own profile) or name, e-mail and demo end date (a user one manages). */
export default function UserBaseForm({ id, initial, manage, readOnly = false }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = manage
      ? { fullname: v.fullname, email: v.email, ...(initial.demo_expires_at && v.demo_expires_at !== initial.demo_expires_at ? { demo_expires_at: v.demo_expires_at } : {}) }
      : { fullname: v.fullname };
    const parsed = UserUpdate.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await api('PUT', `/api/v2/user/${id}`, { body });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  if (readOnly) {
    return (
      <div className="flex max-w-xl flex-col gap-4 text-sm">
        <p className="flex flex-col gap-1">
          <span>{t.form.fullname}</span>
          <span className="font-medium">{initial.fullname}</span>
        </p>
        <p className="flex flex-col gap-1">
          <span>{t.form.email}</span>
          <span className="font-medium">{initial.email}</span>
        </p>
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">{t.demoReadOnly}</p>
      </div>
    );
  }

  return (
    <form ref={keepInput} onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4" aria-busy={busy}>
      <TextField name="fullname" label={t.form.fullname} errors={errors} value={v.fullname} onChange={(fullname) => setV({ ...v, fullname })} />
      {manage ? (
        <TextField name="email" label={t.form.email} type="email" errors={errors} value={v.email} onChange={(email) => setV({ ...v, email })} />
      ) : (
        <p className="flex flex-col gap-1 text-sm">
          <span>{t.form.email}</span>
          <span className="font-medium">{v.email}</span>
        </p>
      )}
      {manage && initial.demo_expires_at !== null && (
        <TextField name="demo_expires_at" label={t.base.extend} type="date" errors={errors} value={v.demo_expires_at ?? ''} onChange={(d) => setV({ ...v, demo_expires_at: d })} />
      )}
      <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>{t.base.save}</button>
    </form>
  );
}
