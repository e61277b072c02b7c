import type { ReportFormValues } from '../../islands/report-editor/ReportForm';
import type { EditorReport } from './load';
import { DEFAULT_MIN_N } from '../../shared/validation/reports';

/** Today in the Netherlands as YYYY-MM-DD (the default end date, spec 001 §3). */
export function todayNl(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
}

/** The fields of a new report; the project is preset when the route names one. */
export function newReportValues(projectId: number | null, now = new Date()): ReportFormValues {
  return {
    project_id: projectId,
    title: '',
    status_id: 1,
    start_date: null,
    end_date: todayNl(now),
    date_filter: false,
    date_granularity: 'month',
    include_incomplete: false,
    benchmark_count: 3,
    min_n: DEFAULT_MIN_N,
    protection: 'suppress',
    languages: 'nl',
    pdf_export: false,
    direct_access: false,
  };
}

export function reportFormValues(r: EditorReport): ReportFormValues {
  return {
    id: r.id,
    project_id: r.project_id,
    title: r.title,
    status_id: r.status_id,
    start_date: r.start_date,
    end_date: r.end_date,
    date_filter: r.date_filter,
    date_granularity: r.date_granularity,
    include_incomplete: r.include_incomplete,
    benchmark_count: r.benchmark_count,
    min_n: r.min_n,
    protection: r.protection ?? 'suppress',
    languages: r.languages,
    pdf_export: r.pdf_export,
    direct_access: r.direct_access,
    weighting_id: r.weighting_id ?? null,
  };
}

