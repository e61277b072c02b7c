import { useState } from 'react';
import { request } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { PasswordField } from './PasswordField';
import { FormMessage, SubmitButton } from './FormMessage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm } from './use-form';
import { useKeepEarlyInput } from '../early-input';

/** The own password change (ViewUserPassword and the must_change_password hold). */
export default function PasswordChangeForm({ reloadWhenDone = false }: { reloadWhenDone?: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const t = accountsNl.changePassword;
  const [done, setDone] = useState(false);
  const [round, setRound] = useState(0);
  const form = useAccountForm(async (data) => {
    await request('POST', '/auth/password/change', {
      current_password: data.get('current_password'),
      password: data.get('password'),
      password_confirmation: data.get('password_confirmation'),
    });
    if (reloadWhenDone) return window.location.reload();
    setDone(true);
    setRound((r) => r + 1);
  });
  return (
    <form ref={keepInput} key={round} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4 max-w-md" aria-busy={form.busy}>
      <FormMessage message={done && !form.message ? t.done : form.message} success={done && !form.message} />
      <PasswordField label={accountsNl.password.current} name="current_password" autoComplete="current-password" errors={form.errors.current_password} />
      <NewPasswordFields errors={form.errors} />
      <SubmitButton busy={form.busy} ready={form.ready} label={t.submit} />
    </form>
  );
}
