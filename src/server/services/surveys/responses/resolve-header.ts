import { columnIndex, isAttributeHeader, META_COLUMNS, type ResponseColumn } from '../column-map';
import { CsvParser, detectSeparator } from './csv-parser';

export type Slot = { type: 'meta'; name: (typeof META_COLUMNS)[number] } | { type: 'column'; column: ResponseColumn } | { type: 'skip' };

export interface HeaderPlan {
  /** csv: LimeSurvey or plain CSV; vv: tab-separated VV file; lsr: LimeSurvey's responses XML. */
  format: 'csv' | 'vv' | 'lsr';
  separator: string;
  /** Records before the data: 1 for CSV, 2 for VV (question texts, then codes), 0 for .lsr. */
  headerRecords: number;
  slots: Slot[];
  unknown: string[];
  duplicates: string[];
  questionColumns: number;
}

/** What a header is read against: the survey's stored columns and the headers it skips. */
export interface SurveyHeaderColumns {
  columns: ResponseColumn[];
  ignored: ReadonlySet<string>;
}

const META = new Set<string>(META_COLUMNS);

/** The slots of a list of column names (CSV header, VV line 2, or an .lsr's <fields>). */
export function planColumns(names: string[], survey: SurveyHeaderColumns, index = columnIndex(survey.columns)) {
  const slots: Slot[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const meta = name.toLowerCase();
    const candidates = index.get(name);
    const column = candidates ? (candidates.find((c) => !seen.has(c.key)) ?? candidates[0]) : undefined;
    if (column) {
      if (seen.has(column.key)) duplicates.push(name);
      seen.add(column.key);
      slots.push({ type: 'column', column });
    } else if (META.has(meta)) {
      if (seen.has(`meta:${meta}`)) duplicates.push(name);
      seen.add(`meta:${meta}`);
      slots.push({ type: 'meta', name: meta as (typeof META_COLUMNS)[number] });
    } else if (survey.ignored.has(name) || survey.ignored.has(meta) || isAttributeHeader(name)) slots.push({ type: 'skip' });
    else {
      unknown.push(name);
      slots.push({ type: 'skip' });
    }
  }
  return { slots, unknown, duplicates, questionColumns: slots.filter((s) => s.type === 'column').length };
}

/**
 * Reads the header of a response file (CSV with codes, or LimeSurvey's tab-separated VV file whose
 * second line holds the codes) against the survey's columns. `prefix` is the start of the file.
 */
export function resolveHeader(prefix: string, survey: SurveyHeaderColumns): HeaderPlan {
  const text = prefix.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r|\n/) === -1 ? text.length : text.search(/\r|\n/));
  const separator = detectSeparator(firstLine);
  const records = new CsvParser(separator).feed(text).slice(0, 2);
  const index = columnIndex(survey.columns);
  const first = planColumns(records[0]?.fields ?? [], survey, index);
  if (separator === '\t' && records[1]) {
    const second = planColumns(records[1].fields, survey, index);
    const known = (p: typeof first) => p.slots.filter((s) => s.type === 'meta').length + p.questionColumns;
    // VV: line 1 holds question texts, line 2 the codes (id, submitdate … then question codes).
    // Line 2 names more known columns than line 1 (a data line names none); unknown codes are
    // then reported from line 2.
    if (known(second) > known(first) || (known(second) > 0 && known(second) === known(first) && second.unknown.length === 0)) {
      return { format: 'vv', separator, headerRecords: 2, ...second };
    }
  }
  return { format: separator === '\t' ? 'vv' : 'csv', separator, headerRecords: 1, ...first };
}
