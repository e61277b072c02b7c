import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { schedulesNl as t } from '../../shared/i18n/schedules';
import type { ScheduleCandidate, ScheduleItem } from '../../shared/dto/schedules';
import { SCHEDULE_FORMATS, SCHEDULE_FREQUENCIES, ScheduleInput } from '../../shared/validation/schedules';
import { buttonClass, issuesToErrors, type FieldErrors } from '../report-editor/fields';

interface Props {
  reportId: number;
  candidates: ScheduleCandidate[];
  pdfExport: boolean;
  /** The report view's current benchmarks: what the PDF shows. */
  benchmarks: () => unknown[];
  onSaved: (item: ScheduleItem) => void;
}

const fieldClass = 'min-w-0 max-w-full rounded border border-gray-400 bg-white px-2 py-1';
const Error = ({ name, errors }: { name: string; errors: FieldErrors }) => (errors[name]?.[0] ? <span id={`schedule-${name}-error`} className="text-sm text-red-700">{errors[name]![0]}</span> : null);

/** A new schedule: recipients (project members, addresses), when, link or PDF, a message. */
export function ScheduleForm({ reportId, candidates, pdfExport, benchmarks, onSaved }: Props) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [emails, setEmails] = useState('');
  const [frequency, setFrequency] = useState<(typeof SCHEDULE_FREQUENCIES)[number]>('weekly');
  const [weekday, setWeekday] = useState(1);
  const [hour, setHour] = useState(8);
  const [format, setFormat] = useState<(typeof SCHEDULE_FORMATS)[number]>(pdfExport ? 'pdf' : 'link');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { recipients: chosen, emails: emails.split(/[\n,;]+/).map((m) => m.trim()).filter(Boolean), frequency, weekday, hour, format, message, benchmarks: benchmarks() };
    const parsed = ScheduleInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const r = await api<{ data: ScheduleItem }>('POST', `/api/v2/report/${reportId}/schedule`, { body: parsed.data });
      onSaved(r.data);
      setChosen([]);
      setEmails('');
      setMessage('');
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  const toggle = (id: number, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-busy={busy} aria-labelledby="schedule-new">
      <h3 id="schedule-new" className="font-semibold">{t.add}</h3>
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.recipients ? 'schedule-recipients-error' : undefined}>
        <legend className="text-sm font-medium">{t.members}</legend>
        {candidates.length === 0 && <p className="text-sm text-gray-700">{t.noMembers}</p>}
        <div className="grid gap-1 sm:grid-cols-2">
          {candidates.map((c) => (
            <label key={c.id} className="inline-flex min-w-0 items-center gap-2 text-sm">
              <input type="checkbox" checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
              <span className="truncate">{c.fullname}</span>
            </label>
          ))}
        </div>
        <Error name="recipients" errors={errors} />
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t.emails}</span>
        <textarea rows={2} value={emails} onChange={(e) => setEmails(e.target.value)} className={fieldClass} aria-invalid={errors.emails ? true : undefined} aria-describedby={errors.emails ? 'schedule-emails-error' : undefined} />
        <Error name="emails" errors={errors} />
      </label>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t.frequency}</span>
          <select value={frequency} onChange={(e) => setFrequency(e.target.value as typeof frequency)} className={fieldClass}>
            {SCHEDULE_FREQUENCIES.map((f) => <option key={f} value={f}>{t.frequencies[f]}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t.weekday}</span>
          <select value={weekday} onChange={(e) => setWeekday(Number(e.target.value))} className={fieldClass}>
            {t.weekdays.map((d, i) => <option key={d} value={i + 1}>{d}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t.hour}</span>
          <select value={hour} onChange={(e) => setHour(Number(e.target.value))} className={fieldClass}>
            {Array.from({ length: 24 }, (_, h) => <option key={h} value={h}>{t.hourLabel(h)}</option>)}
          </select>
        </label>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t.format}</legend>
        {SCHEDULE_FORMATS.filter((f) => f === 'link' || pdfExport).map((f) => (
          <label key={f} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name="schedule-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
            {t.formats[f]}
          </label>
        ))}
        <Error name="format" errors={errors} />
        {format === 'pdf' && <p className="text-xs text-gray-700">{t.benchmarksNote}</p>}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t.message}</span>
        <textarea rows={3} value={message} onChange={(e) => setMessage(e.target.value)} className={fieldClass} maxLength={2000} />
        <Error name="message" errors={errors} />
      </label>
      <button type="submit" disabled={busy} className={`${buttonClass} self-start`}>{busy ? t.saving : t.save}</button>
    </form>
  );
}
