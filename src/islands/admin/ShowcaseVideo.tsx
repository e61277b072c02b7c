import { useState, type SubmitEvent } from 'react';
import { ApiError, api } from '../../shared/api-client';
import { adminNl } from '../../shared/i18n/admin';
import type { ShowcaseVideo as Video } from '../../shared/showcase-video';
import { confirmAction } from '../shell/confirm';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = adminNl.showcase;

/** 'Video op de voorpagina' in the Admin panel: set (YouTube/Vimeo link) or remove the front page's video. */
export default function ShowcaseVideo({ initial, canEdit }: { initial: Video | null; canEdit: boolean }) {
  const hydrated = useHydrated();
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const [current, setCurrent] = useState<Video | null>(initial);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api<{ data: Video }>('PUT', '/api/v2/admin/showcaseVideo', { body: { title, url } });
      setCurrent(res.data);
      setUrl(res.data.url);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    if (!(await confirmAction(t.removeConfirm, { confirmText: t.remove }))) return;
    setBusy(true);
    try {
      await api('DELETE', '/api/v2/admin/showcaseVideo');
      setCurrent(null);
      setTitle('');
      setUrl('');
    } catch {
      // The API client shows the alert.
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'title' | 'url') => errors[name]?.[0];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{t.intro}</p>
      <p className="text-sm" data-testid="showcase-current">
        {current ? (<>{t.current} <strong>{current.title}</strong> <span className="break-all text-gray-700">({current.url})</span></>) : t.none}
      </p>
      {canEdit ? (
        <form ref={keepInput} className="flex flex-col gap-3" onSubmit={save} noValidate>
          <label className="flex flex-col gap-1 text-sm">
            {t.videoTitle}
            <input className="rounded border border-gray-400 px-3 py-2" value={title} maxLength={191} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!field('title')} aria-describedby={field('title') ? 'showcase-title-error' : undefined} />
          </label>
          {field('title') && <p id="showcase-title-error" className="text-sm text-red-700">{field('title')}</p>}
          <label className="flex flex-col gap-1 text-sm">
            {t.url}
            <input className="rounded border border-gray-400 px-3 py-2" type="url" inputMode="url" value={url} maxLength={500} onChange={(e) => setUrl(e.target.value)} aria-invalid={!!field('url')} aria-describedby={field('url') ? 'showcase-url-error showcase-url-help' : 'showcase-url-help'} />
          </label>
          <p id="showcase-url-help" className="-mt-2 text-sm text-gray-700">{t.urlHelp}</p>
          {field('url') && <p id="showcase-url-error" className="text-sm text-red-700">{field('url')}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="rounded bg-brand px-4 py-2 text-white hover:bg-brand-dark disabled:opacity-50" disabled={!hydrated || busy}>{t.save}</button>
            {current && <button type="button" className="rounded border border-red-700 px-4 py-2 text-red-700 hover:bg-red-50 disabled:opacity-50" disabled={!hydrated || busy} onClick={remove}>{t.remove}</button>}
          </div>
        </form>
      ) : (
        <p className="text-sm text-gray-700">{t.readOnly}</p>
      )}
    </div>
  );
}
