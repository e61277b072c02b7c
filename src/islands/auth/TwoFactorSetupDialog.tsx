import { useEffect, useState } from 'react';
import { ApiError, BASE, request } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { nl } from '../../shared/i18n/nl';
import { Field } from './Field';
import { PasswordField } from './PasswordField';
import { FormMessage } from './FormMessage';

type Step = 'password' | 'scan' | 'backup' | 'code';
interface Setup {
  qr_code: string;
  recovery_codes: string[];
  secret: string;
}
const WINDOW_SECONDS = 300;

/**
 * The setup dialog of spec 001 §4: password, then scan → back-up codes → code, within 300 s.
 * Running out of time or closing cancels the setup on the server. `forced` (the
 * must_enable_2fa hold) offers logging out instead of closing.
 */
export default function TwoFactorSetupDialog({ forced = false, onClose }: { forced?: boolean; onClose?: () => void }) {
  const t = accountsNl.twoFactor;
  const [step, setStep] = useState<Step>('password');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [left, setLeft] = useState(WINDOW_SECONDS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // Until hydrated the buttons stay disabled, so an early click can't submit the form natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!setup) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = WINDOW_SECONDS - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) reset(t.expired);
    }, 1000);
    return () => clearInterval(timer);
  }, [setup]);

  function reset(why: string | null) {
    void request('POST', '/api/v2/2fa/cancel').catch(() => undefined);
    setSetup(null);
    setStep('password');
    setLeft(WINDOW_SECONDS);
    setMessage(why);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await action();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : nl.errors.generic);
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  const submit = (value: string) =>
    run(async () => {
      if (step === 'password') {
        const { data } = await request<{ data: Setup }>('POST', '/api/v2/2fa/request', { password: value });
        setSetup(data);
        setStep('scan');
      } else if (step === 'code') {
        await request('POST', '/api/v2/2fa/enable', { code: value });
        await request('POST', '/api/v2/2fa/confirm');
        window.location.reload();
      }
    });

  async function close() {
    if (setup) await request('POST', '/api/v2/2fa/cancel').catch(() => undefined);
    onClose?.();
  }

  async function logout() {
    await request('POST', '/auth/logout').catch(() => undefined);
    window.location.assign(`${BASE}/login`);
  }

  return (
    // Above the shell's own overlays (page loader, menus): the hold blocks the whole page.
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="two-factor-title" className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl flex flex-col gap-4 max-h-[95vh] overflow-auto">
        <h2 id="two-factor-title" className="text-xl font-semibold">{t.title}</h2>
        {forced && <p className="text-sm text-gray-800">{t.forcedIntro}</p>}
        {setup && <p className="text-sm font-medium" aria-live="off" data-testid="two-factor-timer">{t.timer(left)}</p>}
        <FormMessage message={message} />
        <form
          method="post"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (step === 'scan') setStep('backup');
            else if (step === 'backup') setStep('code');
            else void submit(String(new FormData(e.currentTarget).get(step === 'password' ? 'password' : 'code') ?? ''));
          }}
        >
          {step === 'password' && (
            <>
              <p className="text-sm">{t.passwordIntro}</p>
              <PasswordField label={t.password} name="password" autoComplete="current-password" errors={errors.password} autoFocus />
            </>
          )}
          {step === 'scan' && setup && (
            <>
              <h3 className="font-semibold">{t.step1}</h3>
              <p className="text-sm">{t.step1Intro}</p>
              <img src={`data:image/png;base64,${setup.qr_code}`} alt={t.qrAlt} width={220} height={220} className="self-center" />
              <p className="text-sm">{t.manualKey}</p>
              <code className="self-center rounded bg-gray-100 px-2 py-1 text-sm break-all" data-testid="two-factor-secret">{setup.secret}</code>
            </>
          )}
          {step === 'backup' && setup && (
            <>
              <h3 className="font-semibold">{t.step2}</h3>
              <p className="text-sm">{t.step2Intro}</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
                {setup.recovery_codes.map((code) => <li key={code}>{code}</li>)}
              </ul>
              <a href={`${BASE}/api/v2/2fa/backup_codes.csv`} download="backup_codes.csv" className="self-start text-brand underline">
                {t.download}
              </a>
            </>
          )}
          {step === 'code' && (
            <>
              <h3 className="font-semibold">{t.step3}</h3>
              <p className="text-sm">{t.step3Intro}</p>
              <Field label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" errors={errors.code} autoFocus />
            </>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            {forced ? (
              <button type="button" className="rounded px-4 py-2 hover:bg-gray-100" onClick={logout}>{accountsNl.gate.logout}</button>
            ) : (
              <button type="button" className="rounded px-4 py-2 hover:bg-gray-100" onClick={close}>{t.cancel}</button>
            )}
            {(step === 'backup' || step === 'code') && (
              <button type="button" className="rounded px-4 py-2 hover:bg-gray-100" onClick={() => setStep(step === 'code' ? 'backup' : 'scan')}>{t.previous}</button>
            )}
            <button type="submit" disabled={busy || !ready} className="rounded bg-brand text-white font-semibold py-2 px-4 hover:bg-brand-dark disabled:opacity-60">
              {step === 'password' ? t.start : step === 'code' ? t.confirm : t.next}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
