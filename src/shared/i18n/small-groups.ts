import { DEFAULT_MIN_N, MIN_N_FLOOR } from '../validation/reports';

/**
 * The one sentence that states the small-group threshold, wherever it is stated: the public report
 * page, the PDF cover, the respondents' footer (/meedoen) and the FAQ. Always 'vanaf N' (a group of
 * exactly min_n is shown), never 'meer dan'.
 *
 * `minN` is the threshold that applies: a report's min_n (at least MIN_N_FLOOR), or for a survey the
 * smallest of its reports' (surveyMinN). Unknown (no survey or report in sight, e.g. the code entry
 * page or the FAQ): the default and the floor, so the sentence never promises more than holds.
 */
export function smallGroupRule(minN: number | null | undefined): string {
  if (minN != null) return `Uitkomsten worden alleen getoond voor groepen vanaf ${minN} deelnemers`;
  return `Uitkomsten worden alleen getoond voor groepen die groot genoeg zijn: meestal vanaf ${DEFAULT_MIN_N} deelnemers, nooit minder dan ${MIN_N_FLOOR}`;
}
