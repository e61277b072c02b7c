import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { nl } from '../../shared/i18n/nl';
import { usersNl } from '../../shared/i18n/users';
import { ShowPasswordButton } from '../auth/ShowPasswordButton';
import { buttonClass, secondaryButtonClass, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { OnceSecret } from './OnceSecret';
import { useKeepEarlyInput } from '../early-input';

const t = usersNl.passwordTab;

/** PUT user/{id}/password: an admin sets a temporary password (generated or typed); the user must change it. */
export default function TemporaryPassword({ id }: { id: number }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(body: { password?: string }) {
    setBusy(true);
    setErrors({});
    setResult(null);
    try {
      const res = await api<{ data: { password: string | null } }>('PUT', `/api/v2/user/${id}/password`, { body });
      setResult(res.data.password);
      setTyped('');
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  const submitTyped = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send({ password: typed });
  };

  return (
    <div ref={keepInput} className="flex max-w-xl flex-col gap-4">
      <p className="text-sm text-gray-700">{t.intro}</p>
      {result && <OnceSecret label={usersNl.password} value={result} note={t.result} copyText={usersNl.form.copy} copiedText={usersNl.form.copied} />}
      <button type="button" disabled={!hydrated || busy} onClick={() => send({})} className={`${buttonClass} self-start`}>{t.generate}</button>
      <form onSubmit={submitTyped} noValidate className="flex flex-col gap-3 border-t border-gray-200 pt-4">
        <TextField name="password" label={t.own} type={shown ? 'text' : 'password'} errors={errors} value={typed} onChange={setTyped} />
        <ShowPasswordButton className="self-start text-sm text-brand underline" shown={shown} onToggle={() => setShown((v) => !v)} showText={nl.login.showPassword} hideText={nl.login.hidePassword} />
        <button type="submit" disabled={!hydrated || busy || !typed} className={`${secondaryButtonClass} self-start`}>{t.set}</button>
      </form>
    </div>
  );
}
