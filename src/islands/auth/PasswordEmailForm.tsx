import { useState } from 'react';
import { request } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { nl } from '../../shared/i18n/nl';
import { Field } from './Field';
import { FormMessage, SubmitButton } from './FormMessage';
import { useAccountForm } from './use-form';
import { useKeepEarlyInput } from '../early-input';

/** /password/email: always the same confirmation, whether or not the address is known. */
export default function PasswordEmailForm() {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm(async (data) => {
    const result = await request<{ alert: string }>('POST', '/auth/password/email', { email: data.get('email') });
    setSent(result.alert);
  });
  if (sent) return <FormMessage message={sent} success />;
  return (
    <form ref={keepInput} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-busy={form.busy}>
      <FormMessage message={form.message} />
      <Field label={nl.login.email} name="email" type="email" autoComplete="email" errors={form.errors.email} autoFocus />
      <SubmitButton busy={form.busy} ready={form.ready} label={accountsNl.passwordEmail.submit} />
    </form>
  );
}
