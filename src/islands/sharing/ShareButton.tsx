import { useCallback, useState } from 'react';
import { sharingNl } from '../../shared/i18n/sharing';
import { useHydrated } from '../use-hydrated';
import { ShareDialog } from './ShareDialog';

/** The 'Delen' button of the report view and editor (dashboard.edit); the dialog loads on opening. */
export default function ShareButton({ reportId, className }: { reportId: number; className?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" aria-haspopup="dialog" disabled={!hydrated} onClick={() => setOpen(true)} className={className ?? 'rounded border border-brand px-3 py-1 text-sm text-brand hover:bg-brand-light disabled:opacity-50'} data-testid="share-open">
        {sharingNl.share.button}
      </button>
      {open && <ShareDialog reportId={reportId} onClose={close} />}
    </>
  );
}
