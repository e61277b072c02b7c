import { useState } from 'react';
import { api, BASE } from '../../shared/api-client';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { useHydrated } from '../use-hydrated';
import { dangerButtonClass } from '../report-editor/fields';
import { confirmAction } from '../shell/confirm';

/** DELETE project/{id} after a confirmation; the project and what hangs below it go (restorable by an admin). */
export default function DeleteProject({ projectId, title }: { projectId: number; title: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!(await confirmAction(t.deleteConfirm(title)))) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/v2/project/${projectId}`);
      window.location.assign(`${BASE}/project/overview`);
    } catch {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={dangerButtonClass} disabled={!hydrated || busy} onClick={remove}>
      {t.delete}
    </button>
  );
}
