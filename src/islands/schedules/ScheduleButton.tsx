import { useCallback, useState } from 'react';
import { schedulesNl } from '../../shared/i18n/schedules';
import { exportBenchmarks } from '../report/report.store';
import { useHydrated } from '../use-hydrated';
import { ScheduleDialog } from './ScheduleDialog';

/** 'Versturen' on the report view (dashboard.edit): the report by mail on a schedule, with the view's benchmarks. */
export default function ScheduleButton({ reportId }: { reportId: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" aria-haspopup="dialog" disabled={!hydrated} onClick={() => setOpen(true)} className="rounded border border-brand px-3 py-1 text-sm text-brand hover:bg-brand-light disabled:opacity-50" data-testid="schedule-open">
        {schedulesNl.button}
      </button>
      {open && <ScheduleDialog reportId={reportId} benchmarks={exportBenchmarks} onClose={close} />}
    </>
  );
}
