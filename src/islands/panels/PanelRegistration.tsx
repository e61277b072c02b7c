import { useState } from 'react';
import { api, BASE } from '../../shared/api-client';
import { panelsNl } from '../../shared/i18n/panels';
import { useHydrated } from '../use-hydrated';
import { secondaryButtonClass } from '../report-editor/fields';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.base;

export interface RegistrationState {
  token: string | null;
  token_enabled: boolean;
  registration_url?: string;
  login_url?: string;
}

/** 'Aanmeldlink': the registration link and code with a QR code (PNG), a new code, on/off. */
export default function PanelRegistration({ panelId, initial }: { panelId: number; initial: RegistrationState }) {
  const hydrated = useHydrated();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const origin = hydrated ? window.location.origin : '';
  const link = state.registration_url ? `${origin}${state.registration_url}` : null;
  const login = state.login_url ? `${origin}${state.login_url}` : null;

  async function call(method: 'POST' | 'PUT', body?: unknown, confirm?: string) {
    if (confirm && !(await confirmAction(confirm))) return;
    setBusy(true);
    try {
      const res = await api<{ data: RegistrationState }>(method, `/api/v2/panel/${panelId}/token`, { body });
      setState(res.data);
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  }
  async function copy(text: string, what: string) {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
  }

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t.registration}</h2>
      <p className="text-sm text-gray-700">{t.registrationIntro}</p>
      <p role="status" className={`rounded px-3 py-2 text-sm ${state.token_enabled ? 'bg-green-50 text-green-900' : 'bg-orange-50 text-orange-900'}`}>{state.token_enabled ? t.enabled : t.disabled}</p>
      {!state.token && <p className="text-sm">{t.noToken}</p>}
      {state.token && (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t.token}</dt>
          <dd><code className="break-all rounded bg-gray-100 px-1" data-testid="panel-token">{state.token}</code></dd>
          <dt className="font-medium">{t.link}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {/* Text, not a link: signed in, the registration page sends one on to the front page. */}
            <span className="break-all" data-testid="registration-link">{link ?? state.registration_url}</span>
            {link && <button type="button" className={secondaryButtonClass} onClick={() => copy(link, 'link')} aria-label={`${t.copy}: ${t.link}`}>{t.copy}</button>}
          </dd>
          <dt className="font-medium">{t.loginLink}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="break-all">{login ?? state.login_url}</span>
            {login && <button type="button" className={secondaryButtonClass} onClick={() => copy(login, 'login')} aria-label={`${t.copy}: ${t.loginLink}`}>{t.copy}</button>}
          </dd>
        </dl>
      )}
      <p aria-live="polite" className="text-sm text-green-800">{copied ? t.copied : ''}</p>
      {state.token && state.token_enabled && (
        <figure className="flex flex-col items-start gap-2">
          <img src={`${BASE}/api/v2/panel/${panelId}/qr?v=${version}`} alt={t.qrAlt} width={250} height={250} className="h-[200px] w-[200px] rounded border border-gray-200" data-testid="panel-qr" />
          <figcaption>
            <a className="text-sm text-brand underline" href={`${BASE}/api/v2/panel/${panelId}/qr?download=1`} download>{t.qrDownload}</a>
          </figcaption>
        </figure>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={!hydrated || busy} onClick={() => call('POST', undefined, t.regenerateConfirm)}>{t.regenerate}</button>
        <button type="button" className={secondaryButtonClass} disabled={!hydrated || busy} onClick={() => call('PUT', { enabled: !state.token_enabled })}>{state.token_enabled ? t.switchOff : t.switchOn}</button>
      </div>
    </div>
  );
}
