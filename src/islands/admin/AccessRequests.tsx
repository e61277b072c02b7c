import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { adminNl } from '../../shared/i18n/admin';
import type { Role } from '../../shared/permissions';
import { matchRoute } from '../../shared/routes';
import { adminCall } from './call';

const t = adminNl.access;
interface Request { id: number; path: string; reason: string; status: string; created_at: string; user: { id: number; name: string; email: string } }

/** What granting could mean for a path: the roles the screen needs, and the project it belongs to. */
function options(path: string) {
  const match = matchRoute(path);
  const roles = (match?.route.allRoles ?? match?.route.roles ?? []) as readonly Role[];
  const projectId = /^\/project\/(\d+)/.exec(path)?.[1];
  return { roles, projectId: projectId ? Number(projectId) : null };
}

/** Access requests from the 'Geen toegang' page: grant a role or project membership, or decline. */
export default function AccessRequests({ initial, canDecide }: { initial: Request[]; canDecide: boolean }) {
  const [requests, setRequests] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  async function decide(r: Request, body: Record<string, unknown>) {
    const res = await adminCall<{ status: string }>('POST', `/api/v2/admin/accessRequest/${r.id}`, body);
    setError(res.error ?? null);
    if (res.data) setRequests((list) => list.map((x) => (x.id === r.id ? { ...x, status: res.data!.status } : x)));
  }
  if (!requests.length) return <p className="text-sm">{t.none}</p>;
  return (
    <div>
      {error && <p className="text-sm text-red-700 mb-2" role="alert">{error}</p>}
      <ul className="flex flex-col gap-3">
        {requests.map((r) => {
          const o = options(r.path);
          return (
            <li key={r.id} className="border rounded p-3 text-sm">
              <p><strong>{r.user.name}</strong> ({r.user.email}) · <code>{r.path}</code> · {formatDateTime(r.created_at)} · {t.status[r.status] ?? r.status}</p>
              {r.reason && <p className="mt-1 text-gray-700">{r.reason}</p>}
              {canDecide && r.status === 'pending' && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {o.roles.map((role) => (
                    <button key={role} type="button" className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light" onClick={() => decide(r, { decision: 'grant', role })}>{t.grantRole(role)}</button>
                  ))}
                  {o.projectId && <button type="button" className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light" onClick={() => decide(r, { decision: 'grant', project_id: o.projectId })}>{t.grantProject}</button>}
                  <button type="button" className="rounded border border-red-700 px-2 py-1 text-red-700 hover:bg-red-50" onClick={() => decide(r, { decision: 'decline' })}>{t.decline}</button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
