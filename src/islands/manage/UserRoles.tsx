import { useState } from 'react';
import { api } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { buttonClass, SelectField } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = usersNl.rolesTab;

interface Props {
  userId: number;
  roles: { id: number; name: string }[];
  initialRoleIds: number[];
  initialGroupId: number;
  /** Groups the actor may hand out (their own and those below). */
  groups: { id: number; name: string }[];
  /** Roles the actor holds: only those can be given or taken (root users: all). */
  grantable: number[];
  /** False on one's own page or a user one doesn't manage: everything read-only. */
  editable: boolean;
  /** Demo accounts hold read roles only and stay in group Gebruiker. */
  demoRoleIds: number[] | null;
}

/** The roles tab: attach/detach roles (PUT/DELETE user/{id}/role/{rid}) and change the group (PUT user/{id}/group/{g}). */
export default function UserRoles({ userId, roles, initialRoleIds, initialGroupId, groups, grantable, editable, demoRoleIds }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [held, setHeld] = useState(() => new Set(initialRoleIds));
  const [groupId, setGroupId] = useState(String(initialGroupId));
  const [savedGroup, setSavedGroup] = useState(String(initialGroupId));
  const [busy, setBusy] = useState<number | 'group' | null>(null);
  const areas = [...new Set(roles.map((r) => r.name.split('.')[0]!))];

  async function toggle(roleId: number, on: boolean) {
    const before = held;
    const next = new Set(before);
    if (on) next.add(roleId);
    else next.delete(roleId);
    setHeld(next);
    setBusy(roleId);
    try {
      const res = await api<{ data: { role_ids: number[] } }>(on ? 'PUT' : 'DELETE', `/api/v2/user/${userId}/role/${roleId}`);
      setHeld(new Set(res.data.role_ids));
    } catch {
      setHeld(before);
    } finally {
      setBusy(null);
    }
  }

  async function saveGroup() {
    setBusy('group');
    try {
      await api('PUT', `/api/v2/user/${userId}/group/${groupId}`);
      setSavedGroup(groupId);
    } catch {
      setGroupId(savedGroup);
    } finally {
      setBusy(null);
    }
  }

  const disabledReason = (roleId: number) =>
    !editable ? null : demoRoleIds && !demoRoleIds.includes(roleId) && !held.has(roleId) ? t.demo : !grantable.includes(roleId) ? t.notYours : null;
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      {!editable && <p className="text-sm text-gray-700">{t.self}</p>}
      <section className="flex flex-col gap-2" aria-labelledby="group-title">
        <h2 id="group-title" className="text-lg font-semibold">{t.groupTitle}</h2>
        <p className="text-sm text-gray-700">{t.groupIntro}</p>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField name="group_id" disabled={!hydrated} label={t.groupTitle} errors={{}} value={groupId} onChange={setGroupId}>
            {groups.map((g) => <option key={g.id} value={g.id} disabled={!editable || (demoRoleIds !== null && g.id !== 3)}>{g.name}</option>)}
          </SelectField>
          {editable && (
            <button type="button" className={buttonClass} disabled={!hydrated || busy === 'group' || groupId === savedGroup} onClick={saveGroup}>{t.saveGroup}</button>
          )}
        </div>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="roles-title">
        <h2 id="roles-title" className="text-lg font-semibold">{t.title}</h2>
        <p className="text-sm text-gray-700">{t.intro}</p>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {areas.map((area) => (
            <fieldset key={area} className="flex flex-col gap-1 rounded border border-gray-200 p-3 text-sm">
              <legend className="px-1 font-medium">{t.areas[area] ?? area}</legend>
              {roles.filter((r) => r.name.startsWith(`${area}.`)).map((role) => {
                const reason = disabledReason(role.id);
                const action = role.name.split('.')[1]!;
                return (
                  <label key={role.id} className="flex items-center gap-2" title={reason ?? undefined}>
                    <input type="checkbox" checked={held.has(role.id)} disabled={!hydrated || !editable || !!reason || busy === role.id} onChange={(e) => toggle(role.id, e.target.checked)} aria-describedby={reason ? `role-${role.id}-why` : undefined} />
                    <span>{t.actions[action] ?? action} <code className="text-xs text-gray-600">{role.name}</code></span>
                    {reason && <span id={`role-${role.id}-why`} className="sr-only">{reason}</span>}
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
      </section>
    </div>
  );
}
