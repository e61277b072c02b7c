import { formatDate } from './format';
import { publicReportNl } from './i18n/charts';
import { reportDatesNl } from './i18n/report-dates';
import { protectionNl } from './i18n/protection';

/**
 * The period widget's text from a data answer, for every place that shows it (public page, staff
 * view, PDF): the period of the first benchmark and which responses count (completed only, or
 * with unfinished ones: the report setting include_incomplete).
 */
export function periodWidgetLines(data: { benchmarks: { start: string | null; end: string | null }[]; includeIncomplete: boolean }): string[] {
  const b = data.benchmarks[0];
  const period = b?.start && b.end ? publicReportNl.range(formatDate(b.start), formatDate(b.end)) : '';
  return [period, responsesStatement(data.includeIncomplete)].filter(Boolean);
}

/** Cell-key mode's label, once per page, in the PDF and in exports (docs/perturbation.md); null in suppress mode. */
export const protectionNotice = (protection: 'suppress' | 'cellkey' | undefined | null): string | null => (protection === 'cellkey' ? protectionNl.notice : null);

/** 'Alleen volledig ingevulde vragenlijsten' or 'Inclusief niet volledig ingevulde vragenlijsten'. */
export const responsesStatement = (includeIncomplete: boolean) => (includeIncomplete ? reportDatesNl.withIncomplete : reportDatesNl.completeOnly);
