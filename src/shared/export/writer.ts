// The browser build: it carries its own Buffer, so the same writer runs in the Worker, in Node and in the browser (chart downloads).
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * The one writer of every CSV and XLSX the portal hands out (responses, participation codes,
 * panel members, Zorgkaart rankings, chart data). Quoting and delimiters are
 * csv-stringify's; this module adds what a spreadsheet needs to stay safe: text that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms) gets a leading
 * apostrophe, so Excel, LibreOffice and Google Sheets show it as text instead of running it as a
 * formula (OWASP "CSV injection"). Numbers stay numbers: a JS number, or a value marked with
 * `numeric()` / `code()`, is written as it is. Isomorphic (server services and islands use it),
 * no I/O.
 */

/** A value from a closed set the portal controls (an answer code, a formatted number), written verbatim. */
export interface VerbatimCell {
  readonly verbatim: string;
}
export type ExportCell = string | number | bigint | boolean | Date | VerbatimCell | null | undefined;
export type ExportRow = readonly ExportCell[];

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;
const CODE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$|^-oth-$/;

/** Text a spreadsheet would run as a formula, made inert with a leading apostrophe. */
export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The reverse, for the portal's own files coming back (a response export imported again): the apostrophe goes. */
export const unneutralise = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

/** A number already formatted as text ('7,50', '-3', '1.5e3'): written as is. Anything else is text and neutralised. */
export const numeric = (text: string | null | undefined): ExportCell => (text && NUMBER.test(text) ? { verbatim: text } : text);

/** An answer or status code from the survey's own structure ('A1', 'Y', '-oth-'): written as is. Anything else is text. */
export const code = (text: string | null | undefined): ExportCell => (text && CODE.test(text) ? { verbatim: text } : text);

/** A cell as the text that goes into the file. */
export function cellText(v: ExportCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return neutralise(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  return v.verbatim;
}

export interface CsvOptions {
  /** ',' (LimeSurvey, the default) or ';' (Dutch spreadsheets, with decimal commas). */
  delimiter?: ',' | ';';
  /** Quote every field, empty ones too (LimeSurvey's own files do); otherwise only where needed. */
  quoteAll?: boolean;
}

/** Rows as CSV lines, each ending in CRLF. */
export function csvLines(rows: readonly ExportRow[], opts: CsvOptions = {}): string {
  if (!rows.length) return '';
  return stringify(
    rows.map((r) => r.map(cellText)),
    // quoted_match: csv-stringify quotes only the whole CRLF record delimiter; a lone CR or LF inside a cell must be quoted too.
    { delimiter: opts.delimiter ?? ',', record_delimiter: 'windows', quoted: opts.quoteAll ?? false, quoted_empty: opts.quoteAll ?? false, quoted_match: /[\r\n]/, eof: true },
  );
}

/** A whole CSV file; with `bom` (default) Excel reads it as UTF-8. */
export const csvFile = (rows: readonly ExportRow[], opts: CsvOptions & { bom?: boolean } = {}): string => `${opts.bom === false ? '' : '\uFEFF'}${csvLines(rows, opts)}`;

/**
 * A CSV as a byte stream for large exports: the header first, then each page `nextPage` returns
 * until it returns an empty page; `done` runs once after the last page (e.g. to record the count).
 */
export function csvStream(header: ExportRow, nextPage: () => Promise<readonly ExportRow[]>, opts: CsvOptions & { bom?: boolean; done?: (rows: number) => Promise<unknown> } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${opts.bom ? '\uFEFF' : ''}${csvLines([header], opts)}`));
        return;
      }
      const page = await nextPage();
      if (!page.length) {
        await opts.done?.(rows);
        return controller.close();
      }
      rows += page.length;
      controller.enqueue(encoder.encode(csvLines(page, opts)));
    },
  });
}

/**
 * An XLSX cell for write-excel-file: text is always a String cell (never a formula; write-excel-file
 * writes it as a shared string), numbers Number cells. Extra properties (format, fontWeight …) pass through.
 */
export function xlsxCell<T extends object>(value: string | number | null | undefined, extra?: T): ({ value: string; type: StringConstructor } | { value: number; type: NumberConstructor }) & Partial<T> {
  if (typeof value === 'number' && Number.isFinite(value)) return { value, type: Number, ...(extra as T) };
  return { value: value === null || value === undefined || typeof value === 'number' ? '' : value, type: String, ...(extra as T) };
}
