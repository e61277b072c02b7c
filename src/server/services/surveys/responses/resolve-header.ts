import { columnIndex, META_COLUMNS, type ResponseColumn } from '../column-map';
import { CsvParser, detectSeparator } from './csv-parser';

export type Slot = { type: 'meta'; name: (typeof META_COLUMNS)[number] } | { type: 'column'; column: ResponseColumn };

export interface HeaderPlan {
  format: 'csv' | 'vv';
  separator: string;
  /** Records before the data: 1 for CSV, 2 for VV (question texts, then codes). */
  headerRecords: number;
  slots: Slot[];
  unknown: string[];
  duplicates: string[];
  questionColumns: number;
}

const META = new Set<string>(META_COLUMNS);

function resolve(names: string[], index: Map<string, ResponseColumn>) {
  const slots: Slot[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const meta = name.toLowerCase();
    const column = index.get(name);
    const slotKey = META.has(meta) ? `meta:${meta}` : column ? column.key : `?${name}`;
    if (seen.has(slotKey)) duplicates.push(name);
    seen.add(slotKey);
    if (META.has(meta)) slots.push({ type: 'meta', name: meta as (typeof META_COLUMNS)[number] });
    else if (column) slots.push({ type: 'column', column });
    else unknown.push(name);
  }
  return { slots, unknown, duplicates, questionColumns: slots.filter((s) => s.type === 'column').length };
}

/**
 * Reads the header of a response file (CSV with codes, or LimeSurvey's tab-separated VV file whose
 * second line holds the codes) against the survey's columns. `prefix` is the start of the file.
 */
export function resolveHeader(prefix: string, columns: ResponseColumn[]): HeaderPlan {
  const text = prefix.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r|\n/) === -1 ? text.length : text.search(/\r|\n/));
  const separator = detectSeparator(firstLine);
  const records = new CsvParser(separator).feed(text).slice(0, 2);
  const index = columnIndex(columns);
  const first = resolve(records[0]?.fields ?? [], index);
  if (separator === '\t' && records[1]) {
    const second = resolve(records[1].fields, index);
    // VV: line 1 holds question texts, line 2 the codes; a data line never resolves as column names.
    if (second.questionColumns > 0 && second.unknown.length === 0 && second.questionColumns >= first.questionColumns) return { format: 'vv', separator, headerRecords: 2, ...second };
  }
  return { format: separator === '\t' ? 'vv' : 'csv', separator, headerRecords: 1, ...first };
}
