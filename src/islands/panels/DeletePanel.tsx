import { useState } from 'react';
import { api, BASE } from '../../shared/api-client';
import { panelsNl } from '../../shared/i18n/panels';
import { useHydrated } from '../use-hydrated';
import { dangerButtonClass } from '../report-editor/fields';
import { confirmAction } from '../shell/confirm';

/** 'Panel verwijderen' (DELETE panel/{id}) after a confirmation; then the overview. */
export default function DeletePanel({ panelId }: { panelId: number }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!(await confirmAction(panelsNl.form.deleteConfirm))) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/v2/panel/${panelId}`);
      window.location.assign(`${BASE}/panel/overview`);
    } catch {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={dangerButtonClass} disabled={!hydrated || busy} onClick={remove}>{panelsNl.form.delete}</button>
  );
}
