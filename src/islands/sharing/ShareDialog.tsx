import { useEffect, useMemo, useState } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { sharingNl } from '../../shared/i18n/sharing';
import type { ShareInfo } from '../../shared/dto/sharing';
import { embedSnippet } from '../../shared/sharing';
import { Dialog } from '../shell/Dialog';
import { downloadBlob } from '../download';
import { secondaryButtonClass } from '../report-editor/fields';
import { qrPng, qrSvg } from './qr';

const t = sharingNl.share;

/** Copies text and says so in a live region next to the button. */
function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('done');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={secondaryButtonClass} onClick={copy}>{label}</button>
      <span role="status" className="text-sm text-gray-700">{state === 'done' ? done : state === 'failed' ? t.copyFailed : ''}</span>
    </span>
  );
}

/** 'Delen': public access on/off, the public link, its QR code and the embed code for a website. */
export function ShareDialog({ reportId, onClose }: { reportId: number; onClose: () => void }) {
  const [info, setInfo] = useState<ShareInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ data: ShareInfo }>('GET', `/api/v2/report/${reportId}/share`).then((r) => setInfo(r.data), () => onClose());
  }, [reportId, onClose]);
  const origin = window.location.origin;
  const link = info ? `${origin}${info.public_path}` : '';
  const svg = useMemo(() => (info ? qrSvg(link, t.qrAlt(info.title)) : ''), [info, link]);

  async function toggle(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ data: ShareInfo }>('PUT', `/api/v2/report/${reportId}/share`, { body: { direct_access: on } });
      setInfo(r.data);
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  }
  const file = `rapportage-${reportId}-qr`;
  return (
    <Dialog title={t.title} onClose={onClose} className="w-[min(640px,95vw)] max-h-[90vh]">
      {!info ? (
        <p role="status">{t.loading}</p>
      ) : (
        <div className="flex flex-col gap-5" data-testid="share-dialog">
          <div className="flex flex-col gap-1">
            <label className="inline-flex items-center gap-3 font-medium">
              <input type="checkbox" role="switch" className="h-5 w-5 accent-[var(--colors-brand,#1d4f91)]" checked={info.direct_access} disabled={busy} onChange={(e) => toggle(e.target.checked)} aria-describedby="share-explain" />
              {t.switchLabel}
            </label>
            <p id="share-explain" className="text-sm text-gray-700">{t.explain(info.min_n)}</p>
            {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
          </div>
          {!info.direct_access ? (
            <p className="text-sm text-gray-700">{t.offNote}</p>
          ) : (
            <>
              <section className="flex flex-col gap-2" aria-labelledby="share-link">
                <h3 id="share-link" className="font-semibold">{t.link}</h3>
                <input readOnly value={link} aria-labelledby="share-link" className="w-full min-w-0 rounded border border-gray-400 bg-gray-50 px-2 py-1 text-sm" onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
                <div className="flex flex-wrap items-center gap-3">
                  <CopyButton text={link} label={t.copy} done={t.copied} />
                  <a href={link} target="_blank" rel="noopener" className="text-sm text-brand underline">{t.open}</a>
                </div>
              </section>
              <section className="flex flex-col gap-2" aria-labelledby="share-qr">
                <h3 id="share-qr" className="font-semibold">{t.qr}</h3>
                <div className="flex flex-wrap items-end gap-4">
                  <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t.qrAlt(info.title)} width={144} height={144} className="border border-gray-200" />
                  <div className="flex flex-col gap-2">
                    <button type="button" className={secondaryButtonClass} onClick={async () => downloadBlob(await qrPng(link), `${file}.png`)}>{t.png}</button>
                    <button type="button" className={secondaryButtonClass} onClick={() => downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${file}.svg`)}>{t.svg}</button>
                  </div>
                </div>
              </section>
              <EmbedSection info={info} origin={origin} />
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}

function EmbedSection({ info, origin }: { info: ShareInfo; origin: string }) {
  const code = embedSnippet(origin, info.public_path, info.id, info.title);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="share-embed">
      <h3 id="share-embed" className="font-semibold">{t.embed}</h3>
      <p className="text-sm text-gray-700">{t.embedIntro}</p>
      <label htmlFor="share-embed-code" className="text-sm font-medium">{t.embedCode}</label>
      <textarea id="share-embed-code" readOnly rows={5} value={code} className="w-full min-w-0 rounded border border-gray-400 bg-gray-50 p-2 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid="share-embed" />
      <CopyButton text={code} label={t.copyEmbed} done={t.embedCopied} />
      <p className="text-sm text-gray-700" data-testid="share-embed-domains">{info.embed_domains.length ? t.embedAllowed(info.embed_domains.join(', ')) : t.embedNone}</p>
      {info.company_settings && <a href={info.company_settings} className="self-start text-sm text-brand underline">{t.embedSettings}</a>}
    </section>
  );
}
