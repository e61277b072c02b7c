import { request, setLoginFlag } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { urls } from '../../shared/urls';
import { Field } from './Field';
import { FormMessage, SubmitButton } from './FormMessage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm } from './use-form';
import { AnswerFields, readAnswers, type FormField } from '../panels/AnswerFields';
import { panelsNl } from '../../shared/i18n/panels';
import { useKeepEarlyInput } from '../early-input';
import { sentencesNl } from '../../shared/i18n/count';

interface Props {
  kind: 'invite' | 'panel';
  token: string;
  /** Invitations fix the address; panel registrations ask for it. */
  email?: string;
  fullname?: string;
  /** Panel registrations: the panel's required background fields, asked before the account exists. */
  fields?: FormField[];
}

/** /register/invite/:token and /register/panel/:token: create the account and log in. */
export default function RegisterForm({ kind, token, email, fullname, fields = [] }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const t = accountsNl.register;
  const form = useAccountForm(async (data) => {
    const body = {
      token,
      fullname: data.get('fullname'),
      password: data.get('password'),
      password_confirmation: data.get('password_confirmation'),
      ...(kind === 'panel' ? { email: data.get('email'), ...(fields.length ? { data: readAnswers(data, fields) } : {}) } : {}),
    };
    await request('POST', kind === 'invite' ? '/auth/invite/register' : '/auth/panel/register', body);
    setLoginFlag(true);
    window.location.assign(urls.frontpage());
  });
  return (
    <form ref={keepInput} method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-busy={form.busy}>
      <FormMessage message={(form.errors.token ? sentencesNl(form.errors.token) : undefined) ?? form.message} />
      <Field label={t.fullname} name="fullname" autoComplete="name" defaultValue={fullname} errors={form.errors.fullname} autoFocus />
      {kind === 'panel' ? (
        <Field label={t.email} name="email" type="email" autoComplete="email" errors={form.errors.email} />
      ) : (
        <Field label={t.email} name="email" type="email" value={email} readOnly />
      )}
      <NewPasswordFields errors={form.errors} />
      {fields.length > 0 && (
        <fieldset className="flex flex-col gap-4 border-t border-gray-200 pt-4">
          <legend className="text-base font-semibold">{panelsNl.register.background}</legend>
          <p className="text-sm text-gray-700">{panelsNl.register.backgroundIntro} {panelsNl.profile.requiredNote}</p>
          <AnswerFields fields={fields} errors={form.errors} />
        </fieldset>
      )}
      <SubmitButton busy={form.busy} ready={form.ready} label={t.submit} />
    </form>
  );
}
