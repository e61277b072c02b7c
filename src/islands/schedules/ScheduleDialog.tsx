import { useEffect, useState } from 'react';
import { api } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { schedulesNl as t } from '../../shared/i18n/schedules';
import type { ScheduleCandidate, ScheduleItem } from '../../shared/dto/schedules';
import { confirmAction } from '../shell/confirm';
import { dangerButtonClass } from '../report-editor/fields';
import { Dialog } from '../shell/Dialog';
import { ScheduleForm } from './ScheduleForm';

interface Meta {
  candidates: ScheduleCandidate[];
  pdfExport: boolean;
}

function describe(s: ScheduleItem): string {
  return t.summary(t.frequencies[s.frequency], t.weekdays[s.weekday - 1]!, t.hourLabel(s.hour), t.formats[s.format]);
}

/** 'Versturen': the report's schedules (each removable) and a form for a new one. */
export function ScheduleDialog({ reportId, benchmarks, onClose }: { reportId: number; benchmarks: () => unknown[]; onClose: () => void }) {
  const [items, setItems] = useState<ScheduleItem[] | null>(null);
  const [meta, setMeta] = useState<Meta>({ candidates: [], pdfExport: false });
  useEffect(() => {
    api<{ data: ScheduleItem[]; meta: Meta }>('GET', `/api/v2/report/${reportId}/schedule`).then(
      (r) => {
        setItems(r.data);
        setMeta(r.meta);
      },
      () => onClose(),
    );
  }, [reportId, onClose]);
  const names = new Map(meta.candidates.map((c) => [c.id, c.fullname]));

  async function remove(s: ScheduleItem) {
    if (!(await confirmAction(t.confirmRemove, { title: t.remove, confirmText: t.remove }))) return;
    await api('DELETE', `/api/v2/report/${reportId}/schedule/${s.id}`).then(() => setItems((list) => list?.filter((x) => x.id !== s.id) ?? null), () => {});
  }
  return (
    <Dialog title={t.title} onClose={onClose} className="w-[min(680px,95vw)] max-h-[90vh]">
      {!items ? (
        <p role="status">{t.loading}</p>
      ) : (
        <div className="flex flex-col gap-5" data-testid="schedule-dialog">
          <p className="text-sm text-gray-700">{t.intro}</p>
          <section aria-labelledby="schedule-existing" className="flex flex-col gap-2">
            <h3 id="schedule-existing" className="font-semibold">{t.existing}</h3>
            {items.length === 0 && <p className="text-sm text-gray-700">{t.none}</p>}
            <ul className="flex flex-col divide-y divide-gray-200" data-testid="schedule-list">
              {items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-2 text-sm">
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="font-medium">{describe(s)}</span>
                    <span className="break-words text-gray-700">{[...s.recipients.map((id) => names.get(id) ?? `#${id}`), ...s.emails].join(', ')}</span>
                    <span className="text-gray-700">{s.next_run_at ? t.next(formatDateTime(s.next_run_at)) : t.finished}</span>
                    {s.unsubscribed.length > 0 && <span className="text-gray-700">{t.unsubscribed(s.unsubscribed.join(', '))}</span>}
                  </div>
                  <button type="button" className={dangerButtonClass} onClick={() => void remove(s)} aria-label={`${t.remove}: ${describe(s)}`}>{t.remove}</button>
                </li>
              ))}
            </ul>
          </section>
          <ScheduleForm reportId={reportId} candidates={meta.candidates} pdfExport={meta.pdfExport} benchmarks={benchmarks} onSaved={(item) => setItems((list) => [...(list ?? []), item])} />
        </div>
      )}
    </Dialog>
  );
}
