import { useState } from 'react';
import { request } from '../../shared/api-client';
import { accountsNl } from '../../shared/i18n/accounts';
import { nl } from '../../shared/i18n/nl';
import { PasswordField } from './PasswordField';
import { FormMessage, SubmitButton } from './FormMessage';
import TwoFactorSetupDialog from './TwoFactorSetupDialog';
import { useAccountForm } from './use-form';
import { useKeepEarlyInput } from '../early-input';
import { useHydrated } from '../use-hydrated';

/** Two-factor status on the own account page: enable (setup dialog) or disable (password). */
export default function TwoFactorSettings({ enabled, required }: { enabled: boolean; required: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const t = accountsNl.twoFactor;
  const [open, setOpen] = useState(false);
  // The dialog opens only once the island runs: until then the button says so by being disabled.
  const hydrated = useHydrated();
  const form = useAccountForm(async (data) => {
    await request('POST', '/api/v2/2fa/disable', { password: data.get('password') });
    window.location.reload();
  });
  return (
    <div ref={keepInput} className="flex flex-col gap-3" data-testid="two-factor-settings">
      <p>
        {nl.frontpage.twoFactor}: <strong>{enabled ? nl.frontpage.twoFactorOn : nl.frontpage.twoFactorOff}</strong>
      </p>
      {!enabled && (
        <button type="button" disabled={!hydrated} className="self-start rounded bg-brand text-white font-semibold py-2 px-4 hover:bg-brand-dark disabled:opacity-60" onClick={() => setOpen(true)}>
          {t.enable}
        </button>
      )}
      {enabled && !required && (
        <form method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-3 max-w-md">
          <FormMessage message={form.message} />
          <PasswordField label={t.password} name="password" autoComplete="current-password" errors={form.errors.password} />
          <SubmitButton busy={form.busy} ready={form.ready} label={t.disable} />
        </form>
      )}
      {open && <TwoFactorSetupDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
