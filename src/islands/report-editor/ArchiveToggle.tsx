import { useState } from 'react';
import { api } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { useHydrated } from '../use-hydrated';
import { secondaryButtonClass } from './fields';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = reportEditorNl.edit;

/** Archive (PUT report/{id} archived=true) or de-archive (PUT report/{id}/dearchive), with the badge. */
export default function ArchiveToggle({ reportId, archived: initial }: { reportId: number; archived: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLSpanElement>();
  const hydrated = useHydrated();
  const [archived, setArchived] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (!archived && !(await confirmAction(t.archiveConfirm))) return;
    setBusy(true);
    try {
      if (archived) await api('PUT', `/api/v2/report/${reportId}/dearchive`);
      else await api('PUT', `/api/v2/report/${reportId}`, { body: { archived: true } });
      setArchived(!archived);
    } catch {
      // The API client showed the error.
    } finally {
      setBusy(false);
    }
  }
  return (
    <span ref={keepInput} className="inline-flex items-center gap-2">
      <span role="status" className={archived ? 'rounded bg-gray-700 px-2 py-0.5 text-xs text-white' : 'sr-only'}>{archived ? t.archivedBadge : ''}</span>
      <button type="button" disabled={!hydrated || busy} onClick={toggle} className={secondaryButtonClass}>
        {archived ? t.dearchive : t.archive}
      </button>
    </span>
  );
}
