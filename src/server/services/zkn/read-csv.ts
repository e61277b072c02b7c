import { AppError, nl } from '../../errors';
import { zknNl } from '../../../shared/i18n/zkn';
import { MAX_RATINGS_BYTES } from '../../../shared/validation/zkn';
import { CsvParser, detectSeparator } from '../surveys/responses/csv-parser';

export interface CsvTable {
  /** Lower-cased header names → column index. */
  columns: Map<string, number>;
  rows: { fields: string[]; line: number }[];
}

const fileError = (message: string, problems: string[] = [message]) => new AppError('VALIDATION', message, { file: problems });

/** A small CSV file (UTF-8, ; , or tab) as header + records; blank lines are skipped. */
export async function readCsvTable(file: Blob | null): Promise<CsvTable> {
  if (!file || typeof file === 'string') throw fileError(zknNl.file.none);
  if (file.size > MAX_RATINGS_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge, { file: [zknNl.file.tooLarge] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    if (bytes.includes(0)) throw new Error('binary');
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw fileError(zknNl.file.notText);
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const parser = new CsvParser(detectSeparator(firstLine));
  const records = parser.end(parser.feed(text));
  const [header, ...rest] = records;
  const rows = rest.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (!header || !rows.length) throw fileError(zknNl.file.empty);
  const columns = new Map(header.fields.map((name, i) => [name.trim().toLowerCase().replace(/[\s-]+/g, '_'), i]));
  return { columns, rows };
}

/** Refuses the file unless every required column is in the header. */
export function requireColumns(table: CsvTable, required: readonly string[]) {
  const missing = required.filter((c) => !table.columns.has(c));
  if (missing.length) throw fileError(zknNl.file.missingColumns(missing));
}

/** Collects line problems; throws them (at most 10 listed) once the file is read. */
export class LineProblems {
  readonly list: string[] = [];
  private count = 0;
  add(message: string) {
    this.count++;
    if (this.list.length < 10) this.list.push(message);
  }
  throwIfAny() {
    if (!this.count) return;
    const shown = this.count > this.list.length ? [...this.list, zknNl.file.more(this.count - this.list.length)] : this.list;
    throw fileError(this.list[0]!, shown);
  }
}

export function fieldOf(table: CsvTable, fields: string[], column: string): string {
  const i = table.columns.get(column);
  return i === undefined ? '' : (fields[i] ?? '').trim();
}
