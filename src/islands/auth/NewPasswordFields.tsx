import { useEffect, useRef, useState } from 'react';
import { accountsNl } from '../../shared/i18n/accounts';
import { generatePassword } from '../../shared/password-generator';
import { passwordRules } from '../../shared/validation/password';
import { Field } from './Field';
import { ShowPasswordButton } from './ShowPasswordButton';

/**
 * New password + confirmation with the policy as a live checklist and a generator. The inputs
 * stay uncontrolled, so whatever is typed before the island hydrates is kept.
 */
export function NewPasswordFields({ errors }: { errors: Record<string, string[]> }) {
  const t = accountsNl.password;
  const box = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [visible, setVisible] = useState(false);
  const [suggested, setSuggested] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const input = box.current?.querySelector<HTMLInputElement>('input[name="password"]');
    if (input?.value) setValue(input.value);
  }, []);

  function suggest() {
    const password = generatePassword();
    for (const name of ['password', 'password_confirmation']) {
      const input = box.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (input) input.value = password;
    }
    setValue(password);
    setSuggested(password);
    setVisible(true);
  }

  const type = visible ? 'text' : 'password';
  return (
    <div ref={box} className="flex flex-col gap-3">
      <Field label={t.new} name="password" type={type} autoComplete="new-password" onInput={(e) => setValue(e.currentTarget.value)} errors={errors.password} />
      <Field label={t.confirm} name="password_confirmation" type={type} autoComplete="new-password" errors={errors.password_confirmation} />
      <div className="text-sm">
        <p className="font-medium">{t.rulesTitle}</p>
        <ul className="mt-1 flex flex-col gap-0.5" aria-live="polite">
          {passwordRules.map((rule) => {
            const ok = rule.test(value);
            return (
              <li key={rule.message} className={ok ? 'text-green-800' : 'text-gray-700'}>
                <span aria-hidden="true">{ok ? '✓' : '•'} </span>
                {rule.message.replace('Het wachtwoord moet ', '').replace(' bevatten', '')}
                <span className="sr-only">{ok ? ' (voldaan)' : ' (nog niet voldaan)'}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        {/* Like the show toggle: JavaScript-only, so not there (but in place) until the island runs. */}
        <button type="button" className={`text-brand underline${ready ? '' : ' invisible'}`} disabled={!ready} onClick={suggest}>
          {t.generate}
        </button>
        <ShowPasswordButton className="text-brand underline" shown={visible} onToggle={() => setVisible((v) => !v)} showText={t.show} hideText={t.hide} />
      </div>
      {suggested && <p className="text-sm text-gray-700 break-all">{t.generated(suggested)}</p>}
    </div>
  );
}
