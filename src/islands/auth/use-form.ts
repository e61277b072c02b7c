import { useState, type SubmitEvent } from 'react';
import { useHydrated } from '../use-hydrated';
import { ApiError } from '../../shared/api-client';
import { nl } from '../../shared/i18n/nl';

export type FieldErrors = Record<string, string[]>;

/**
 * Shared state of the account forms: busy flag, the Dutch message and per-field errors from a
 * 422, and a `ready` flag so a click before hydration can't submit the form natively.
 */
export function useAccountForm(action: (form: FormData) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const ready = useHydrated();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await action(form);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : nl.errors.generic);
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  return { busy, ready, message, errors, onSubmit, setMessage };
}
