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
export const REQUEST_BYTES_PER_RESPONDENT = 13;

/** Bytes answering a survey of `rows` responses with these cube columns takes (cube + request). */
export function answerBytes(defs: ColumnDef[], rows: number): number {
  return estimateCubeBytes(defs, rows) + rows * REQUEST_BYTES_PER_RESPONDENT;
}

/**
 * Bytes building the cube takes at its peak (CubeBuilder, the start of build()): per response its
 * id, row, day and state (~22 bytes with the sort order), single choice bit-sliced, multiple choice
 * as bitsets, numeric and text as two-byte codes; build() then hands column after column over.
 */
export function buildBytes(defs: ColumnDef[], rows: number): number {
  const bits = (n: number) => Math.ceil(rows / 32) * 4 * n;
  let n = rows * 22;
  for (const d of defs) {
    if (d.kind === 'single') n += bits(32 - Math.clz32(d.options.length));
    else if (d.kind === 'multi') n += bits(d.options.length + 1);
    else n += rows * 2;
  }
  return n;
}

/** Memory a survey of `rows` responses takes in a Worker at its peak: building its cube or answering from it. */
export function surveyBytes(defs: ColumnDef[], rows: number): number {
  return Math.max(answerBytes(defs, rows), buildBytes(defs, rows));
}

/** The most responses a survey with these columns may have to be built and answered within the budget. */
export function largestSurvey(defs: ColumnDef[]): number {
  const perRow = surveyBytes(defs, 1_000_000) / 1_000_000;
  return Math.floor(WORKER_CUBE_BUDGET / perRow);
}

const nlNumber = (n: number) => n.toLocaleString('nl-NL');

/**
 * Null when a survey of `rows` responses fits; otherwise the Dutch message the user gets instead
 * of a crashed isolate (`atLeast`: more responses follow, `rows` is what was read so far).
 */
export function cubeSizeProblem(defs: ColumnDef[], rows: number, atLeast = false): string | null {
  const need = surveyBytes(defs, rows);
  if (need <= WORKER_CUBE_BUDGET) return null;
  const max = Math.floor(largestSurvey(defs) / 1000) * 1000;
  return (
    `Deze vragenlijst is te groot om te analyseren: ${atLeast ? 'meer dan ' : ''}${nlNumber(rows)} responses met ${nlNumber(defs.length)} kolommen vragen ${atLeast ? 'meer dan ' : 'ongeveer '}` +
    `${Math.ceil(need / MB)} MB geheugen, en er is ${WORKER_CUBE_BUDGET / MB} MB beschikbaar (tot ongeveer ${nlNumber(max)} responses). ` +
    'Splits de vragenlijst, bijvoorbeeld per jaar, of neem contact op met ImpulZ.'
  );
}
