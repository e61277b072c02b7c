import { useState } from 'react';
import { ApiError, request, setLoginFlag } from '../../shared/api-client';
import { nl } from '../../shared/i18n/nl';
import { Field } from './Field';
import { PasswordField } from './PasswordField';
import { useAccountForm } from './use-form';
import { useKeepEarlyInput } from '../early-input';

type Step = 'credentials' | 'code' | 'recovery';

/**
 * Login with the optional second step; the server decides whether two-factor is needed.
 * `panelToken` (/login/panel/:token): after logging in, the user joins that panel.
 */
export default function LoginForm({ redirectTo, panelToken }: { redirectTo: string; panelToken?: string }) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const [step, setStep] = useState<Step>('credentials');
  const { busy, ready, message, errors, onSubmit: submit } = useAccountForm(async (form) => {
    if (step === 'credentials') {
      const result = await request<{ data: { two_factor: boolean } }>('POST', '/auth/login', {
        email: form.get('email'),
        password: form.get('password'),
      });
      if (result.data.two_factor) {
        setStep('code');
        return;
      }
    } else {
      const body = step === 'code' ? { code: form.get('code') } : { recovery_code: form.get('recovery_code') };
      try {
        await request('POST', '/auth/two-factor-challenge', body);
      } catch (err) {
        // The pending login ran out: start again with the password.
        if (err instanceof ApiError && err.status === 422 && err.errors.code?.[0]?.includes('verlopen')) setStep('credentials');
        throw err;
      }
    }
    setLoginFlag(true);
    if (panelToken) await request('POST', '/auth/panel/join', { token: panelToken });
    window.location.assign(redirectTo);
  });

  const t = nl.login;
  return (
    <form ref={keepInput} method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      {message && (
        <p role="alert" className="rounded bg-red-50 border border-red-300 text-red-800 px-3 py-2 text-sm">
          {message}
        </p>
      )}
      {step === 'credentials' ? (
        <>
          <Field label={t.email} name="email" type="email" autoComplete="username" errors={errors.email} autoFocus />
          <PasswordField label={t.password} name="password" autoComplete="current-password" errors={errors.password} />
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">{t.twoFactorTitle}</h2>
          <p className="text-sm text-gray-700">{t.twoFactorIntro}</p>
          {step === 'code' ? (
            <Field label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" errors={errors.code} autoFocus />
          ) : (
            <Field label={t.recoveryCode} name="recovery_code" autoComplete="off" errors={errors.recovery_code} autoFocus />
          )}
          <button
            type="button"
            className="self-start text-sm text-brand underline"
            onClick={() => setStep(step === 'code' ? 'recovery' : 'code')}
          >
            {step === 'code' ? t.useRecoveryCode : t.useCode}
          </button>
        </>
      )}
      <button
        type="submit"
        disabled={!ready || busy}
        className="rounded bg-brand text-white font-semibold py-2 px-4 hover:bg-brand-dark disabled:opacity-60"
      >
        {busy ? t.busy : step === 'credentials' ? t.submit : t.verify}
      </button>
    </form>
  );
}
