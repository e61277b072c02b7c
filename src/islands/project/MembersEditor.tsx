import { useState, type SubmitEvent } from 'react';
import { api } from '../../shared/api-client';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass } from '../report-editor/fields';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';
import { confirmAction } from '../shell/confirm';

export interface Member {
  id: number;
  fullname: string;
  email: string;
  project_role_id: number | null;
  project_role: string | null;
}

interface Props {
  projectId: number;
  initial: Member[];
  /** Users of the project's organisation. */
  /** Staff of the organisation (no panel members, Api users or expired demo accounts), with their group. */
  users: { id: number; fullname: string; email: string; group?: string | null }[];
  roles: { id: number; name: string }[];
}

const selectClass = 'min-w-0 max-w-full rounded border border-gray-400 bg-white px-2 py-1';

/**
 * Tab 'Gebruikers' for editors: add a user of the organisation with a project role, change the
 * role, remove a member (project/{id}/user[/{uid}]). Every answer is the new member list.
 */
export default function MembersEditor({ projectId, initial, users, roles }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [members, setMembers] = useState(initial);
  const [userId, setUserId] = useState('');
  const [roleId, setRoleId] = useState(String(roles.find((r) => r.name === 'Projectlid')?.id ?? roles[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const candidates = users.filter((u) => !members.some((m) => m.id === u.id));

  async function call(method: string, path: string, body?: unknown) {
    setBusy(true);
    try {
      const res = await api<{ data: Member[] }>(method, `/api/v2/project/${projectId}/user${path}`, { body });
      setMembers(res.data);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!userId) return;
    if (await call('POST', '', { user_id: Number(userId), project_role_id: Number(roleId) })) setUserId('');
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      {members.length === 0 ? (
        <p className="text-sm text-gray-700">{t.noMembers}</p>
      ) : (
        <ScrollRegion label={shellTexts.tableOf(t.members)}>
          <table className="w-full text-sm" data-testid="project-members">
            <caption className="sr-only">{t.members}</caption>
            <thead className="bg-gray-100 text-start">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">{t.name}</th>
                <th scope="col" className="px-3 py-2 text-start max-sm:hidden">{t.email}</th>
                <th scope="col" className="px-3 py-2 text-start">{t.projectRole}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} className="border-t border-gray-200">
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    {m.fullname}
                    <span className="block text-xs font-normal text-gray-700 sm:hidden">{m.email}</span>
                  </th>
                  <td className="px-3 py-2 max-sm:hidden">{m.email}</td>
                  <td className="flex flex-wrap items-center gap-2 px-3 py-2">
                    <select
                      aria-label={`${t.projectRole}: ${m.fullname}`}
                      className={selectClass}
                      value={String(m.project_role_id ?? '')}
                      disabled={!hydrated || busy}
                      onChange={(e) => void call('PUT', `/${m.id}`, { project_role_id: Number(e.target.value) })}
                    >
                      {roles.map((r) => (
                        <option key={r.id} value={r.id}>{r.name}</option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className={dangerButtonClass}
                      disabled={!hydrated || busy}
                      aria-label={`${t.remove}: ${m.fullname}`}
                      onClick={async () => (await confirmAction(t.removeConfirm(m.fullname))) && void call('DELETE', `/${m.id}`)}
                    >
                      {t.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {candidates.length > 0 ? (
        <form method="post" onSubmit={add} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
            {t.addMember}
            <select name="user" className={selectClass} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">{t.chooseUser}</option>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>{`${u.fullname} (${u.email})${u.group ? ` · ${u.group}` : ''}`}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t.projectRole}
            <select name="role" className={selectClass} value={roleId} onChange={(e) => setRoleId(e.target.value)}>
              {roles.map((r) => (
                <option key={r.id} value={r.id}>{r.name}</option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass} disabled={!hydrated || busy || !userId}>{t.add}</button>
        </form>
      ) : (
        <p className="text-sm text-gray-700">{t.noUsersToAdd}</p>
      )}
    </div>
  );
}
