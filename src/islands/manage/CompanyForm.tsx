import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { companiesNl } from '../../shared/i18n/companies';
import { url } from '../../shared/urls';
import { CompanyInput } from '../../shared/validation/companies';
import { buttonClass, dangerButtonClass, issuesToErrors, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = companiesNl.form;

interface Props {
  /** Absent: POST company (then on to its admins); present: PUT company/{id}. */
  company?: { id: number; name: string };
  /** Root users delete an empty company. */
  canDelete?: boolean;
}

/** The company's name: create or rename; delete for root users (refused with a Dutch message while it has users or projects). */
export default function CompanyForm({ company, canDelete = false }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [name, setName] = useState(company?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = CompanyInput.safeParse({ name });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>(company ? 'PUT' : 'POST', company ? `/api/v2/company/${company.id}` : '/api/v2/company', { body: { name } });
      if (!company) window.location.assign(url(`/manage/company/${res.data.id}/base`));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!company || !(await confirmAction(t.confirmDelete(company.name)))) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/v2/company/${company.id}`);
      window.location.assign(url('/manage/company/overview'));
    } catch {
      // 'Deze organisatie heeft nog gebruikers of projecten …' comes as an alert.
      setBusy(false);
    }
  }

  return (
    <div ref={keepInput} className="flex max-w-xl flex-col gap-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={busy}>
        {!company && <p className="text-sm text-gray-700">{t.intro}</p>}
        <TextField name="name" label={t.name} errors={errors} value={name} onChange={setName} />
        <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>{company ? t.save : t.submit}</button>
      </form>
      {company && canDelete && (
        <section className="flex flex-col gap-2 border-t border-gray-200 pt-4" aria-labelledby="delete-company">
          <h2 id="delete-company" className="font-semibold">{t.deleteTitle}</h2>
          <p className="text-sm text-gray-700">{t.deleteIntro}</p>
          <button type="button" disabled={!hydrated || busy} className={`${dangerButtonClass} self-start`} onClick={remove}>{t.delete}</button>
        </section>
      )}
    </div>
  );
}
