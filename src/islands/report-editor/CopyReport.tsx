import { useState } from 'react';
import { api } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { url } from '../../shared/urls';
import { useHydrated } from '../use-hydrated';
import { buttonClass } from './fields';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.copy;

/** Tab 'Kopiëren': POST report/{id}/copy, then open the copy's editor. */
export default function CopyReport({ reportId }: { reportId: number }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  async function copy() {
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>('POST', `/api/v2/report/${reportId}/copy`);
      window.location.assign(url(`/report/${res.data.id}/edit/base`));
    } catch {
      setBusy(false);
    }
  }
  return (
    <div ref={keepInput} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <button type="button" className={`${buttonClass} self-start`} disabled={!hydrated || busy} onClick={copy}>{t.submit}</button>
    </div>
  );
}
