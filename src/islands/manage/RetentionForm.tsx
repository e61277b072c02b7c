import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { companiesNl } from '../../shared/i18n/companies';
import { RetentionInput } from '../../shared/validation/companies';
import { buttonClass, issuesToErrors, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = companiesNl.retention;

/** The organisation's retention periods (AVG art. 5): participants' names, addresses and attributes after a study, and the audit trail. */
export default function RetentionForm({ companyId, initial }: { companyId: number; initial: { contact_months: number; audit_months: number } }) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const hydrated = useHydrated();
  const [contact, setContact] = useState(String(initial.contact_months));
  const [audit, setAudit] = useState(String(initial.audit_months));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { contact_months: Number(contact), audit_months: Number(audit) };
    const parsed = RetentionInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await api('PUT', `/api/v2/company/${companyId}/retention`, { body });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section ref={keepInput} className="flex max-w-xl flex-col gap-3 border-t border-gray-200 pt-4" aria-labelledby="retention-title">
      <h2 id="retention-title" className="font-semibold">{t.title}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
        <TextField name="contact_months" label={t.contact} type="number" inputMode="numeric" errors={errors} value={contact} onChange={setContact} />
        <TextField name="audit_months" label={t.audit} type="number" inputMode="numeric" errors={errors} value={audit} onChange={setAudit} />
        <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>{t.save}</button>
      </form>
    </section>
  );
}
