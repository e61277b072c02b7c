import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { REPORT_STATUSES } from '../../shared/lookups';
import { url } from '../../shared/urls';
import { messages } from '../../shared/validation/messages';
import { DATE_GRANULARITIES, PROTECTIONS, type Protection, ReportInput, ReportUpdate } from '../../shared/validation/reports';
import { protectionNl } from '../../shared/i18n/protection';
import type { DateGranularity } from '../../shared/date-periods';
import { reportDatesNl } from '../../shared/i18n/report-dates';
import { useHydrated } from '../use-hydrated';
import { buttonClass, CheckField, issuesToErrors, SelectField, TextField, type FieldErrors } from './fields';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.form;
const d = reportDatesNl.editor;

export interface ReportFormValues {
  id?: number;
  project_id: number | null;
  parent_report_id?: number | null;
  title: string;
  status_id: number;
  start_date: string | null;
  end_date: string;
  date_filter: boolean;
  date_granularity: DateGranularity;
  include_incomplete: boolean;
  benchmark_count: number;
  min_n: number;
  protection: Protection;
  languages: string;
  pdf_export: boolean;
  direct_access: boolean;
  /** Edit only: the weighting scheme (issue 31), null = unweighted. */
  weighting_id?: number | null;
}

interface Props {
  initial: ReportFormValues;
  /** Create: the project picker (empty when the project is fixed by the route). */
  projects?: { id: number; title: string }[];
  /** Edit: the weighting schemes of the project's surveys ('Weging'). */
  schemes?: { id: number; name: string; survey: string; start_date: string | null; end_date: string | null }[];
}

/** The report's own fields: POST report (then on to its editor) or PUT report/{id}. */
export default function ReportForm({ initial, projects = [], schemes = [] }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const creating = initial.id === undefined;
  const [v, setV] = useState(() => ({
    ...initial,
    project_id: initial.project_id ? String(initial.project_id) : '',
    status_id: String(initial.status_id),
    start_date: initial.start_date ?? '',
    benchmark_count: String(initial.benchmark_count),
    min_n: String(initial.min_n),
    weighting_id: initial.weighting_id ? String(initial.weighting_id) : '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof v>(key: K) => (value: (typeof v)[K]) => setV((old) => ({ ...old, [key]: value }));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = {
      ...(creating ? { project_id: v.project_id, ...(initial.parent_report_id ? { parent_report_id: initial.parent_report_id } : {}) } : {}),
      title: v.title,
      status_id: v.status_id,
      start_date: v.start_date === '' ? null : v.start_date,
      end_date: v.end_date,
      date_filter: v.date_filter,
      date_granularity: v.date_granularity,
      include_incomplete: v.include_incomplete,
      benchmark_count: v.benchmark_count,
      min_n: v.min_n,
      protection: v.protection,
      languages: v.languages,
      pdf_export: v.pdf_export,
      direct_access: v.direct_access,
      ...(creating ? {} : { weighting_id: v.weighting_id === '' ? null : Number(v.weighting_id) }),
    };
    const parsed = (creating ? ReportInput : ReportUpdate).safeParse(body);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error);
      // An unchosen project is 'empty', not 'not a whole number'.
      if (creating && v.project_id === '') found.project_id = [messages.required];
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: { id: number } }>(creating ? 'POST' : 'PUT', creating ? '/api/v2/report' : `/api/v2/report/${initial.id}`, { body });
      if (creating) window.location.assign(url(`/report/${res.data.id}/edit/base`));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={keepInput} method="post" noValidate onSubmit={submit} className="grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-2" aria-label={creating ? t.create : t.heading}>
      {creating && projects.length > 0 && (
        <SelectField name="project_id" label={t.project} errors={errors} value={v.project_id} onChange={set('project_id')}>
          <option value="">{t.chooseProject}</option>
          {projects.map((p) => <option key={p.id} value={p.id}>{p.title}</option>)}
        </SelectField>
      )}
      <div className="sm:col-span-2">
        <TextField name="title" label={t.title} errors={errors} value={v.title} onChange={set('title')} />
      </div>
      <SelectField name="status_id" label={t.status} errors={errors} value={v.status_id} onChange={set('status_id')}>
        {REPORT_STATUSES.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
      </SelectField>
      <TextField name="languages" label={t.languages} errors={errors} value={v.languages} onChange={set('languages')} />
      <TextField name="start_date" type="date" label={t.startDate} errors={errors} value={v.start_date} onChange={set('start_date')} />
      <TextField name="end_date" type="date" label={t.endDate} errors={errors} value={v.end_date} onChange={set('end_date')} />
      <TextField name="benchmark_count" inputMode="numeric" label={t.benchmarkCount} errors={errors} value={v.benchmark_count} onChange={set('benchmark_count')} />
      <div className="flex flex-col gap-1">
        <TextField name="min_n" inputMode="numeric" label={t.minN} errors={errors} value={v.min_n} onChange={set('min_n')} />
        <p className="text-xs text-gray-600">{d.minNHelp}</p>
      </div>
      {!creating && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <SelectField name="weighting_id" label={t.weighting} errors={errors} value={v.weighting_id} onChange={set('weighting_id')}>
            <option value="">{t.unweighted}</option>
            {schemes.map((s) => <option key={s.id} value={s.id}>{t.weightingOption(s.name, s.survey, [s.start_date, s.end_date].filter(Boolean).join(' – '))}</option>)}
          </SelectField>
          <p className="text-xs text-gray-600">{t.weightingHelp}</p>
        </div>
      )}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium text-gray-900">{protectionNl.label}</legend>
        {PROTECTIONS.map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input type="radio" name="protection" value={mode} className="mt-1" checked={v.protection === mode} onChange={() => set('protection')(mode)} />
            <span>
              <span className="font-medium">{protectionNl.modes[mode]}</span>
              <span className="block text-xs text-gray-600">{protectionNl.help[mode]}</span>
            </span>
          </label>
        ))}
        {errors.protection && <p className="text-sm text-red-700" role="alert">{errors.protection[0]}</p>}
      </fieldset>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <CheckField name="date_filter" label={t.dateFilter} checked={v.date_filter} onChange={set('date_filter')} />
        <div className="flex max-w-md flex-col gap-1">
          <SelectField name="date_granularity" label={d.dateGranularity} errors={errors} value={v.date_granularity} onChange={(g) => set('date_granularity')(g as DateGranularity)}>
            {DATE_GRANULARITIES.map((g) => <option key={g} value={g}>{g === 'day' ? d.dayOptIn : reportDatesNl.granularity[g]}</option>)}
          </SelectField>
          <p className="text-xs text-gray-600">{d.dateGranularityHelp}</p>
        </div>
        <CheckField name="include_incomplete" label={d.includeIncomplete} checked={v.include_incomplete} onChange={set('include_incomplete')} />
        <CheckField name="pdf_export" label={t.pdfExport} checked={v.pdf_export} onChange={set('pdf_export')} />
        <CheckField name="direct_access" label={t.directAccess} checked={v.direct_access} onChange={set('direct_access')} />
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{creating ? t.create : t.save}</button>
      </div>
    </form>
  );
}
