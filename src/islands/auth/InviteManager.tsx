import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { accountsNl } from '../../shared/i18n/accounts';
import { Field } from './Field';
import { SubmitButton } from './FormMessage';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';
import { confirmAction } from '../shell/confirm';

export interface InviteRow {
  id: number;
  email: string;
  fullname: string;
  group_id: number;
  expires_at: string;
  accepted_at: string | null;
}

interface Props {
  initial: InviteRow[];
  /** The groups this user may invite into (their own and those with fewer rights). */
  groups: { id: number; name: string }[];
}

/** /manage/user/invite: send an invitation and see or withdraw the company's invitations. */
export default function InviteManager({ initial, groups }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const t = accountsNl.invites;
  const [invites, setInvites] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [now, setNow] = useState(0);
  useEffect(() => {
    setReady(true);
    setNow(Date.now());
  }, []);

  async function invite(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setErrors({});
    try {
      const fullname = String(form.get('fullname') ?? '').trim();
      const { data } = await api<{ data: InviteRow }>('POST', '/api/v2/invite', {
        body: { email: form.get('email'), group_id: Number(form.get('group_id')), ...(fullname ? { fullname } : {}) },
      });
      setInvites((rows) => [data, ...rows]);
      formElement.reset();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(id: number) {
    if (!(await confirmAction(t.confirmWithdraw))) return;
    try {
      await api('DELETE', `/api/v2/invite/${id}`);
      setInvites((rows) => rows.filter((r) => r.id !== id));
    } catch {
      // The alert from the API client tells the user what went wrong.
    }
  }

  const statusOf = (row: InviteRow) => (row.accepted_at ? t.accepted : now && new Date(row.expires_at).getTime() < now ? t.expired : t.open);
  return (
    <div ref={keepInput} className="flex flex-col gap-8">
      <form method="post" onSubmit={invite} noValidate className="flex flex-col gap-4 max-w-md" aria-busy={busy}>
        <p className="text-sm text-gray-700">{t.intro}</p>
        <Field label={t.email} name="email" type="email" autoComplete="off" errors={errors.email} />
        <Field label={t.fullname} name="fullname" autoComplete="off" errors={errors.fullname} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t.group}
          <select name="group_id" defaultValue={groups.at(-2)?.id ?? groups[0]?.id} className="rounded border border-gray-400 px-3 py-2 font-normal bg-white">
            {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select>
        </label>
        <SubmitButton busy={busy} ready={ready} label={t.submit} />
      </form>
      <section className="flex flex-col gap-3" aria-labelledby="invites-title">
        <h2 id="invites-title" className="text-lg font-semibold">{t.listTitle}</h2>
        {invites.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ScrollRegion label={shellTexts.tableOf(t.listTitle)}>
            <table className="w-full text-sm bg-white shadow rounded" data-testid="invites">
              <thead>
                <tr className="text-left border-b">
                  <th className="p-2">{t.email}</th>
                  <th className="p-2">{t.status}</th>
                  <th className="p-2">{t.expires}</th>
                  <th className="p-2"><span className="sr-only">{t.withdraw}</span></th>
                </tr>
              </thead>
              <tbody>
                {invites.map((row) => (
                  <tr key={row.id} className="border-b last:border-0">
                    <td className="p-2">{row.fullname ? `${row.fullname} <${row.email}>` : row.email}</td>
                    <td className="p-2">{statusOf(row)}</td>
                    <td className="p-2">{formatDateTime(row.expires_at)}</td>
                    <td className="p-2 text-right">
                      {!row.accepted_at && (
                        <button type="button" className="text-red-700 underline" onClick={() => withdraw(row.id)}>{t.withdraw}</button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
