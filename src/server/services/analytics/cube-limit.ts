import { type ColumnDef, estimateCubeBytes } from '../../analytics';

const MB = 1024 * 1024;

/**
 * What answering one survey may take in a Worker isolate (128 MB): its cube plus the request's
 * own bitsets. The rest (~38 MB) is the isolate's code and heap, the request and its JSON, a PDF.
 */
export const WORKER_CUBE_BUDGET = 90 * MB;

/**
 * The request's working memory per respondent while answering a report (bitsets of benchmarks,
 * selections, filter options and the differences the suppression rule counts), measured with
 * `npm run bench -- scale` at 1,000,000 respondents (30 charts × 4 benchmarks, 3 filter categories).
 */
export const REQUEST_BYTES_PER_RESPONDENT = 8;

/** Bytes answering a survey of `rows` responses with these cube columns takes (cube + request). */
export function answerBytes(defs: ColumnDef[], rows: number): number {
  return estimateCubeBytes(defs, rows) + rows * REQUEST_BYTES_PER_RESPONDENT;
}

/** The most responses a survey with these columns may have to be answered within the budget. */
export function largestSurvey(defs: ColumnDef[]): number {
  const perRow = answerBytes(defs, 1_000_000) / 1_000_000;
  return Math.floor(WORKER_CUBE_BUDGET / perRow);
}

const nlNumber = (n: number) => n.toLocaleString('nl-NL');

/** Null when a survey of `rows` responses fits; otherwise the Dutch message the user gets instead of a crashed isolate. */
export function cubeSizeProblem(defs: ColumnDef[], rows: number): string | null {
  const need = answerBytes(defs, rows);
  if (need <= WORKER_CUBE_BUDGET) return null;
  const max = Math.floor(largestSurvey(defs) / 1000) * 1000;
  return (
    `Deze vragenlijst is te groot om te analyseren: ${nlNumber(rows)} responses met ${nlNumber(defs.length)} kolommen vragen ongeveer ` +
    `${Math.ceil(need / MB)} MB geheugen, en er is ${WORKER_CUBE_BUDGET / MB} MB beschikbaar (tot ongeveer ${nlNumber(max)} responses). ` +
    'Splits de vragenlijst, bijvoorbeeld per jaar, of neem contact op met ImpulZ.'
  );
}
