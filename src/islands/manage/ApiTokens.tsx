import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { formatDate, formatDateTime } from '../../shared/format';
import { tokensNl } from '../../shared/i18n/api-tokens';
import { urls } from '../../shared/urls';
import { TOKEN_SCOPES, TokenInput } from '../../shared/validation/api-tokens';
import { buttonClass, issuesToErrors, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { OnceSecret } from './OnceSecret';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = tokensNl;

export interface TokenRow {
  id: number;
  name: string;
  scopes: string[];
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  status: 'active' | 'revoked' | 'expired';
}

/** The API user's personal access tokens: create (secret shown once), list, revoke. */
export default function ApiTokens({ userId, initial }: { userId: number; initial: TokenRow[] }) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const hydrated = useHydrated();
  const [tokens, setTokens] = useState(initial);
  const [v, setV] = useState({ name: '', expires_at: '', scopes: new Set<string>() });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { name: v.name, scopes: [...v.scopes], ...(v.expires_at ? { expires_at: v.expires_at } : {}) };
    const parsed = TokenInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: TokenRow & { token: string } }>('POST', `/api/v2/user/${userId}/token`, { body });
      const { token, ...row } = res.data;
      setSecret(token);
      setTokens((list) => [row, ...list]);
      setV({ name: '', expires_at: '', scopes: new Set<string>() });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: number) {
    if (!(await confirmAction(t.confirmRevoke))) return;
    try {
      const res = await api<{ data: TokenRow }>('DELETE', `/api/v2/user/${userId}/token/${id}`);
      setTokens((list) => list.map((row) => (row.id === id ? res.data : row)));
    } catch {
      // Shown by the API client.
    }
  }

  const toggleScope = (scope: string, on: boolean) => setV((old) => { const scopes = new Set(old.scopes); if (on) scopes.add(scope); else scopes.delete(scope); return { ...old, scopes }; });
  return (
    <section ref={keepInput} className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow" aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="text-lg font-semibold">{t.title}</h2>
      <p className="max-w-3xl text-sm text-gray-700">{t.intro}</p>
      <p className="max-w-3xl text-sm"><a className="text-brand underline" href={urls.apiDocs()}>{t.docsLink}</a></p>
      <p className="max-w-3xl text-sm text-gray-700">{t.who}</p>
      {secret && <OnceSecret label={t.token} value={secret} note={t.shownOnce} copyText={t.copy} copiedText={t.copied} />}
      <form onSubmit={create} noValidate className="flex max-w-xl flex-col gap-3" aria-busy={busy}>
        <TextField name="name" label={t.name} errors={errors} value={v.name} onChange={(name) => setV({ ...v, name })} />
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">{t.scopes}</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2">
              <input type="checkbox" checked={v.scopes.has(scope)} onChange={(e) => toggleScope(scope, e.target.checked)} />
              {t.scopeNames[scope]}
            </label>
          ))}
          {errors.scopes && <span className="text-red-700">{errors.scopes[0]}</span>}
        </fieldset>
        <TextField name="expires_at" label={t.expires} type="date" errors={errors} value={v.expires_at} onChange={(expires_at) => setV({ ...v, expires_at })} />
        <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>{t.create}</button>
      </form>
      {tokens.length === 0 ? (
        <p className="text-sm">{t.empty}</p>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={t.title}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t.title}</caption>
            <thead className="bg-gray-100">
              <tr>
                {[t.name, t.scopes, t.status, t.expiresShort, t.lastUsed].map((h) => <th key={h} scope="col" className="px-3 py-2 text-start">{h}</th>)}
                <th scope="col" className="px-3 py-2"><span className="sr-only">{t.revoke}</span></th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((row) => (
                <tr key={row.id} className="border-t border-gray-200">
                  <th scope="row" className="px-3 py-2 text-start font-medium">{row.name}</th>
                  <td className="px-3 py-2">{row.scopes.map((s) => t.scopeNames[s] ?? s).join(', ')}</td>
                  <td className="px-3 py-2">{{ active: t.active, revoked: t.revoked, expired: t.expired }[row.status]}</td>
                  <td className="px-3 py-2">{row.expires_at ? formatDate(row.expires_at) : t.noExpiry}</td>
                  <td className="px-3 py-2">{row.last_used_at ? formatDateTime(row.last_used_at) : t.neverUsed}</td>
                  <td className="px-3 py-2 text-end">
                    {row.status === 'active' && (
                      <button type="button" className="text-red-700 underline" onClick={() => revoke(row.id)} aria-label={`${t.revoke}: ${row.name}`}>{t.revoke}</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
