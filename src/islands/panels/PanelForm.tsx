import { useState, type SubmitEvent } from 'react';
import { api, ApiError, BASE } from '../../shared/api-client';
import { panelsNl } from '../../shared/i18n/panels';
import { PanelInput } from '../../shared/validation/panels';
import { useHydrated } from '../use-hydrated';
import { buttonClass, issuesToErrors, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { TextArea } from './fields';
import { useKeepEarlyInput } from '../early-input';

const t = panelsNl.form;

interface Props {
  /** Omitted: a new panel (POST panel, then to its page); given: PUT panel/{id}. */
  panelId?: number;
  initial: { name: string; description: string; company_id: string };
  /** Root users creating a panel choose the organisation; empty otherwise. */
  companies?: { id: number; name: string }[];
}

/** NewPanel and the 'Algemeen' tab: name and description (and the organisation for root users). */
export default function PanelForm({ panelId, initial, companies = [] }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof initial) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { name: values.name, description: values.description, ...(!panelId && companies.length ? { company_id: values.company_id } : {}) };
    const parsed = PanelInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>(panelId ? 'PUT' : 'POST', panelId ? `/api/v2/panel/${panelId}` : '/api/v2/panel', { body: parsed.data });
      if (!panelId) window.location.assign(`${BASE}/panel/${res.data.id}/fields`);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={keepInput} method="post" noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" aria-label={panelId ? panelsNl.base.details : t.newTitle}>
      <TextField name="name" label={t.name} errors={errors} value={values.name} onChange={set('name')} />
      <TextArea name="description" label={t.description} errors={errors} value={values.description} onChange={set('description')} />
      {!panelId && companies.length > 0 && (
        <SelectField name="company_id" label={t.company} errors={errors} value={values.company_id} onChange={set('company_id')}>
          {companies.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </SelectField>
      )}
      <div>
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{panelId ? t.save : t.create}</button>
      </div>
    </form>
  );
}
