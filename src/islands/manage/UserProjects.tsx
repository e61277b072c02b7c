import { useState } from 'react';
import { api } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { url } from '../../shared/urls';
import { buttonClass, dangerButtonClass, SelectField } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = usersNl.projectsTab;

export interface Membership {
  id: number;
  title: string;
  project_role_id: number | null;
  project_role: string | null;
}

interface Props {
  userId: number;
  initial: Membership[];
  /** Projects of the user's company the actor may add them to (project.edit); empty = read-only. */
  choices: { id: number; title: string }[];
  roles: { id: number; name: string }[];
  editable: boolean;
  /** Link the project titles to their pages (when that screen exists). */
  linkProjects: boolean;
}

/** The user's projects (GET user/{id}/project); add or remove them with PUT/DELETE project/{id}/user/{uid}. */
export default function UserProjects({ userId, initial, choices, roles, editable, linkProjects }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [rows, setRows] = useState(initial);
  const [project, setProject] = useState('');
  const [role, setRole] = useState(String(roles.find((r) => r.name === 'Projectlid')?.id ?? roles[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const open = choices.filter((c) => !rows.some((r) => r.id === c.id));

  async function reload() {
    const res = await api<{ data: Membership[] }>('GET', `/api/v2/user/${userId}/project`);
    setRows(res.data);
  }
  async function change(method: 'PUT' | 'DELETE', projectId: number, body?: object) {
    setBusy(true);
    try {
      await api(method, `/api/v2/project/${projectId}/user/${userId}`, body ? { body } : {});
      await reload();
      setProject('');
    } catch {
      // The API client shows why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{t.intro}</p>
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="flex max-w-3xl flex-col divide-y divide-gray-200 rounded border border-gray-200" aria-label={t.title}>
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {linkProjects ? <a className="text-brand underline" href={url(`/project/${r.id}`)}>{r.title}</a> : r.title}
                <span className="block text-gray-600">{`${t.role}: ${r.project_role ?? '—'}`}</span>
              </span>
              {editable && choices.some((c) => c.id === r.id) && (
                <button type="button" disabled={!hydrated || busy} className={dangerButtonClass} onClick={async () => (await confirmAction(t.confirmRemove(r.title))) && change('DELETE', r.id)} aria-label={`${t.remove}: ${r.title}`}>
                  {t.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && open.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField name="project" disabled={!hydrated} label={t.add} errors={{}} value={project} onChange={setProject}>
            <option value="">{t.choose}</option>
            {open.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </SelectField>
          <SelectField name="project_role" disabled={!hydrated} label={t.role} errors={{}} value={role} onChange={setRole}>
            {roles.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          </SelectField>
          <button type="button" className={buttonClass} disabled={!hydrated || busy || !project} onClick={() => change('PUT', Number(project), { project_role_id: Number(role) })}>{t.add}</button>
        </div>
      )}
    </div>
  );
}
