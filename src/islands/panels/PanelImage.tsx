import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { panelsNl } from '../../shared/i18n/panels';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass } from '../report-editor/fields';
import { uploadFile } from '../upload';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.base;
const MAX_BYTES = 5 * 1024 * 1024;

/** The panel image (POST/DELETE panel/{id}/image): shown at most 300 × 250, as members see it. */
export default function PanelImage({ panelId, name, imageUrl }: { panelId: number; name: string; imageUrl: string | null }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(imageUrl);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setError(panelsNl.imageMissing);
    if (file.size > MAX_BYTES) return setError(t.tooLarge);
    setBusy(true);
    try {
      const res = await uploadFile<{ data: { image_url: string | null } }>(`/api/v2/panel/${panelId}/image`, file, { showAlert: true });
      setCurrent(res.data.image_url);
      setError(null);
      setFile(null);
      (e.target as HTMLFormElement).reset();
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    if (!(await confirmAction(t.imageRemoveConfirm))) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/v2/panel/${panelId}/image`);
      setCurrent(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t.image}</h2>
      {current ? (
        <img src={current} alt={t.imageAlt(name)} className="h-auto max-h-[250px] w-auto max-w-[min(300px,100%)] self-start rounded border border-gray-200 object-contain" />
      ) : (
        <p className="text-sm text-gray-700">{t.imageNone}</p>
      )}
      <form method="post" noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t.imageFile}
          <input type="file" name="file" accept="image/png,image/jpeg" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); }} aria-invalid={!!error} aria-describedby={error ? 'image-error' : 'image-help'} />
          <span id="image-help" className="text-gray-600">{t.imageHelp}</span>
          {error && <span id="image-error" role="alert" className="text-red-700">{error}</span>}
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{t.imageUpload}</button>
          {current && <button type="button" className={dangerButtonClass} disabled={!hydrated || busy} onClick={remove}>{t.imageRemove}</button>}
        </div>
      </form>
    </div>
  );
}
