import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError, request } from '../../shared/api-client';
import { formatDate } from '../../shared/format';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { url } from '../../shared/urls';
import { ReportInput } from '../../shared/validation/reports';
import { useHydrated } from '../use-hydrated';
import { buttonClass, issuesToErrors, secondaryButtonClass, TextField, type FieldErrors } from './fields';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.variants;

interface Variant {
  id: number;
  title: string;
  updated_at: string;
  archived?: boolean;
}

/**
 * Tab 'Varianten': the report's sub-reports (GET report/{id}/variant) and a new one
 * (POST report { parent_report_id, title }; the server copies the parent's content and settings).
 * A variant has no variants of its own, so its tab only explains that.
 */
export default function Variants({ reportId, isVariant }: { reportId: number; isVariant: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [variants, setVariants] = useState<Variant[] | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    request<{ data: Variant[] }>('GET', `/api/v2/report/${reportId}/variant`)
      .then((res) => setVariants(res.data))
      .catch(() => setVariants([]));
  }, [reportId]);

  async function create(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { title, parent_report_id: reportId };
    const parsed = ReportInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    try {
      const res = await api<{ data: Variant }>('POST', '/api/v2/report', { body });
      setVariants((old) => [...(old ?? []), res.data]);
      setTitle('');
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      {variants === null ? (
        <p className="text-sm" role="status">Bezig met laden van elementen</p>
      ) : variants.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <ul aria-label={t.heading} className="flex flex-col gap-2">
          {variants.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-3 rounded border border-gray-200 px-3 py-2 text-sm">
              <span className="flex-1 font-medium">{v.title}</span>
              <span className="text-gray-600">{formatDate(v.updated_at)}</span>
              <a className={secondaryButtonClass} href={url(`/report/${v.id}/edit/base`)} aria-label={`${t.edit}: ${v.title}`}>{t.edit}</a>
            </li>
          ))}
        </ul>
      )}
      {isVariant ? (
        <p className="text-sm text-gray-700">{t.ofVariant}</p>
      ) : (
        <form method="post" noValidate onSubmit={create} className="flex max-w-xl flex-col gap-3">
          <TextField name="title" label={t.newTitle} errors={errors} value={title} onChange={setTitle} />
          {errors.parent_report_id && <p className="text-sm text-red-700">{errors.parent_report_id[0]}</p>}
          <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated}>{t.create}</button>
        </form>
      )}
    </div>
  );
}
