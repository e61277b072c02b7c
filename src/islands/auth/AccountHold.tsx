import { accountsNl } from '../../shared/i18n/accounts';
import PasswordChangeForm from './PasswordChangeForm';
import TwoFactorSetupDialog from './TwoFactorSetupDialog';
import { useKeepEarlyInput } from '../early-input';

/** The forced holds of spec 000 §4, over every staff page until they are resolved. */
export default function AccountHold({ hold }: { hold: 'two_factor' | 'password' }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  if (hold === 'two_factor') return <TwoFactorSetupDialog forced />;
  const t = accountsNl.changePassword;
  return (
    <div ref={keepInput} className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="password-hold-title" className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl flex flex-col gap-4 max-h-[95vh] overflow-auto">
        <h2 id="password-hold-title" className="text-xl font-semibold">{t.forcedTitle}</h2>
        <p className="text-sm">{t.forcedIntro}</p>
        <PasswordChangeForm reloadWhenDone />
      </div>
    </div>
  );
}
