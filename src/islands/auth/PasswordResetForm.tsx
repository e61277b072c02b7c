import { useState } from 'react';
import { request } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { urls } from '../../shared/urls';
import { FormMessage, SubmitButton } from './FormMessage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm } from './use-form';
import { useKeepEarlyInput } from '../early-input';
import { sentencesNl } from '../../shared/i18n/count';

/** /password/reset/:token: a new password; afterwards the user logs in (with two-factor if on). */
export default function PasswordResetForm({ token }: { token: string }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const t = accountsNl.passwordReset;
  const [done, setDone] = useState(false);
  const form = useAccountForm(async (data) => {
    await request('POST', '/auth/password/reset', {
      token,
      password: data.get('password'),
      password_confirmation: data.get('password_confirmation'),
    });
    setDone(true);
  });
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage message={t.done} success />
        <a href={urls.login()} className="rounded bg-brand text-white font-semibold py-2 px-4 text-center hover:bg-brand-dark">
          {t.toLogin}
        </a>
      </div>
    );
  }
  const tokenError = (form.errors.token ? sentencesNl(form.errors.token) : null);
  return (
    <form ref={keepInput} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-busy={form.busy}>
      <FormMessage message={tokenError ?? form.message} />
      <NewPasswordFields errors={form.errors} />
      <SubmitButton busy={form.busy} ready={form.ready} label={t.submit} />
    </form>
  );
}
