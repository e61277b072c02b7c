import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { useHydrated } from '../use-hydrated';
import { buttonClass } from './fields';
import { uploadFile } from '../upload';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.background;
const MAX_BYTES = 5 * 1024 * 1024;

/** Tab 'Achtergrond': the report image (POST report/{id}/image, multipart) with a preview. */
export default function BackgroundImage({ reportId, imageUrl }: { reportId: number; imageUrl: string | null }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(imageUrl);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function choose(f: File | null) {
    setFile(f);
    setError(f && f.size > MAX_BYTES ? t.tooLarge : null);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(f ? URL.createObjectURL(f) : null);
  }
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setError(t.chooseFile);
    if (file.size > MAX_BYTES) return setError(t.tooLarge);
    setBusy(true);
    try {
      const res = await uploadFile<{ data?: { image_url?: string | null } }>(`/api/v2/report/${reportId}/image`, file, { showAlert: true });
      // A fresh query string so the browser does not show the cached old image.
      setCurrent(`${res.data?.image_url ?? `/portal/api/v2/report/${reportId}/image`}?v=${Date.now()}`);
      setError(null);
      choose(null);
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <figure className="flex flex-col gap-2">
        <figcaption className="text-sm text-gray-700">{t.current}</figcaption>
        {current ? <img src={current} alt={t.current} className="max-h-64 max-w-full self-start rounded border border-gray-200 object-contain" /> : <p className="text-sm">{t.none}</p>}
      </figure>
      <form method="post" noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t.file}
          <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => choose(e.target.files?.[0] ?? null)} aria-invalid={!!error} aria-describedby={error ? 'image-error' : undefined} />
          {error && <span id="image-error" role="alert" className="text-red-700">{error}</span>}
        </label>
        {preview && <img src={preview} alt="" className="max-h-48 max-w-full self-start rounded border border-dashed border-gray-400 object-contain" />}
        <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated || busy}>{t.upload}</button>
      </form>
    </div>
  );
}
