import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';

export type XlsxValue = string | number | null;

/**
 * Reads the first sheet of an XLSX file (a zip of XML parts) for tests: per row the cell values —
 * numbers as numbers, texts (shared or inline) as strings — and each number's format code.
 */
export function readXlsx(bytes: Uint8Array): { rows: XlsxValue[][]; formats: (string | null)[][]; sheetName: string } {
  const files = unzipSync(bytes);
  const xml = (name: string) => (files[name] ? strFromU8(files[name]) : '');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['si', 'row', 'c', 'numFmt', 'xf', 'sheet', 'r'].includes(name), textNodeName: '#text', parseTagValue: false, trimValues: false });
  const text = (node: unknown): string => {
    if (node === undefined || node === null) return '';
    if (typeof node === 'string') return node;
    const n = node as { t?: unknown; r?: { t?: unknown }[]; '#text'?: string };
    if (n['#text'] !== undefined) return n['#text'];
    if (n.t !== undefined) return text(n.t);
    return (n.r ?? []).map((r) => text(r.t)).join('');
  };
  const shared: string[] = (parser.parse(xml('xl/sharedStrings.xml') || '<sst/>').sst?.si ?? []).map(text);
  const styles = parser.parse(xml('xl/styles.xml')).styleSheet;
  const fmts = new Map<number, string>((styles?.numFmts?.numFmt ?? []).map((f: { numFmtId: string; formatCode: string }) => [Number(f.numFmtId), f.formatCode]));
  const xfs: { numFmtId?: string }[] = styles?.cellXfs?.xf ?? [];
  const sheetName = parser.parse(xml('xl/workbook.xml')).workbook.sheets.sheet[0].name as string;
  const col = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((a, ch) => a * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const rows: XlsxValue[][] = [];
  const formats: (string | null)[][] = [];
  for (const row of parser.parse(xml('xl/worksheets/sheet1.xml')).worksheet.sheetData?.row ?? []) {
    const r = Number(row.r) - 1;
    rows[r] = [];
    formats[r] = [];
    for (const c of row.c ?? []) {
      const i = col(c.r);
      const v = c.v === undefined ? undefined : text(c.v);
      rows[r]![i] = c.t === 's' ? shared[Number(v)]! : c.t === 'inlineStr' ? text(c.is) : c.t === 'str' ? (v ?? '') : v === undefined ? null : Number(v);
      const id = Number(xfs[Number(c.s ?? 0)]?.numFmtId ?? 0);
      formats[r]![i] = typeof rows[r]![i] === 'number' ? (fmts.get(id) ?? String(id)) : null;
    }
  }
  for (let r = 0; r < rows.length; r++) {
    rows[r] = Array.from(rows[r] ?? [], (v) => v ?? null);
    formats[r] = Array.from(formats[r] ?? [], (v) => v ?? null);
  }
  return { rows, formats, sheetName };
}
