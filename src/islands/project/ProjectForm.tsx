import { useState, type SubmitEvent } from 'react';
import { api, ApiError, BASE } from '../../shared/api-client';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { ProjectInput } from '../../shared/validation/projects';
import { useHydrated } from '../use-hydrated';
import { buttonClass, CheckField, issuesToErrors, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { useKeepEarlyInput } from '../early-input';

export interface ProjectFormValues {
  title: string;
  client: string;
  status_id: string;
  parent_project_id: string;
  allow_messaging: boolean;
}

interface Props {
  /** Omitted: a new project (POST project, then to its page); given: PUT project/{id}. */
  projectId?: number;
  initial: ProjectFormValues;
  statuses: { id: number; name: string }[];
  /** Possible parents (new: my projects; edit: GET project/{id}/possibleParents). */
  parents: { id: number; title: string }[];
}

/** NewProject and the project's 'Algemeen' edit tab: title, client, status, parent, messaging. */
export default function ProjectForm({ projectId, initial, statuses, parents }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProjectFormValues>(key: K) => (value: ProjectFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { ...values, parent_project_id: values.parent_project_id === '' ? null : values.parent_project_id };
    const parsed = ProjectInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>(projectId ? 'PUT' : 'POST', projectId ? `/api/v2/project/${projectId}` : '/api/v2/project', { body: parsed.data });
      if (!projectId) window.location.assign(`${BASE}/project/${res.data.id}`);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={keepInput} method="post" noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      <TextField name="title" label={t.title} errors={errors} value={values.title} onChange={set('title')} />
      <TextField name="client" label={t.client} errors={errors} value={values.client} onChange={set('client')} />
      <SelectField name="status_id" label={t.status} errors={errors} value={values.status_id} onChange={set('status_id')}>
        {statuses.map((s) => (
          <option key={s.id} value={s.id}>{s.name}</option>
        ))}
      </SelectField>
      <SelectField name="parent_project_id" label={t.parent} errors={errors} value={values.parent_project_id} onChange={set('parent_project_id')}>
        <option value="">{t.noParent}</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>{p.title}</option>
        ))}
      </SelectField>
      <CheckField name="allow_messaging" label={t.allowMessaging} checked={values.allow_messaging} onChange={set('allow_messaging')} />
      <div>
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{projectId ? t.save : t.create}</button>
      </div>
    </form>
  );
}
