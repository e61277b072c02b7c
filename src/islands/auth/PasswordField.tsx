import { useState } from 'react';
import { nl } from '../../shared/i18n/nl';
import { Field, type FieldProps } from './Field';
import { ShowPasswordButton } from './ShowPasswordButton';

/**
 * A password the user types to prove who they are (login, current password, confirming two-factor
 * changes), with 'Wachtwoord tonen' inside the field. New passwords use NewPasswordFields (one
 * toggle for both fields). The input stays uncontrolled, so what is typed before hydration is kept.
 */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <ShowPasswordButton
          className="shrink-0 whitespace-nowrap px-2 text-sm text-brand underline"
          shown={shown}
          onToggle={() => setShown((v) => !v)}
          showText={nl.login.showPassword}
          hideText={nl.login.hidePassword}
        />
      }
    />
  );
}
