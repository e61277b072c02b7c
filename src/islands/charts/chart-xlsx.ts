import type { CellObject, SheetData } from 'write-excel-file/universal';
import type { ChartSpec } from '../../shared/chart-spec';
import { chartTableModel } from '../../shared/chart/table';
import { chartsNl } from '../../shared/i18n/charts';
import { xlsxCell } from '../../shared/export/writer';

const t = chartsNl.data;

/** Excel number format for the spec's decimals: '0%', '0.0%', '0', '0.00' (Excel shows it with the reader's decimal comma). */
const numberFormat = (spec: ChartSpec) => `0${spec.decimals > 0 ? `.${'0'.repeat(spec.decimals)}` : ''}${spec.unit === '%' ? '%' : ''}`;

/**
 * The sheet of a chart's XLSX download: exactly the cells of 'Tabel tonen' (the same table
 * model), with the numbers as numbers — percentages as fractions formatted '0%', so Excel shows
 * '45%' and computes with 0,45 — and what the table writes in words as text: '–' where a group is
 * suppressed or has no value (never a number), the respondents behind a value in its own column,
 * the benchmarks a value differs from significantly in words; the chart's notes below. Text cells
 * come from the one export writer (always String cells, never formulas).
 */
export function chartSheet(spec: ChartSpec): SheetData {
  const model = chartTableModel(spec);
  const head = (value: string): CellObject => xlsxCell(value, { fontWeight: 'bold' as const, wrap: true });
  const withCount = model.rows.map((r) => r.cells.map((c) => c.count !== null));
  const cols = model.columns.map((c, k) => ({
    ...c,
    counts: withCount.some((row) => row[k]),
    sig: model.rows.some((r) => r.cells[k]!.differsFrom.length > 0),
  }));
  const header: CellObject[] = [head(model.corner)];
  for (const c of cols) {
    header.push(head(`${c.label}${spec.unit ? ` (${spec.unit})` : ''}`));
    if (c.counts) header.push(head(t.xlsxCount(c.label)));
    if (c.sig) header.push(head(t.xlsxSignificant(c.label)));
  }
  const rows: SheetData = model.rows.map((r) => {
    const row: SheetData[number] = [xlsxCell(r.label)];
    r.cells.forEach((cell, k) => {
      row.push(cell.value === null ? xlsxCell(cell.text, { align: 'right' as const }) : { value: spec.unit === '%' ? cell.value / 100 : cell.value, type: Number, format: numberFormat(spec) });
      if (cols[k]!.counts) row.push(cell.count === null ? xlsxCell('–', { align: 'right' as const }) : { value: cell.count, type: Number, format: '0' });
      if (cols[k]!.sig) row.push(cell.differsFrom.length ? xlsxCell(chartsNl.significantWith(cell.differsFrom)) : null);
    });
    return row;
  });
  const notes: SheetData = spec.notes.map((n) => [xlsxCell(n)]);
  // Cell-key mode: the counts are perturbed; the note sits in the header, above the table.
  const note: SheetData = model.note ? [[xlsxCell(model.note)]] : [];
  return [[xlsxCell(spec.title, { fontWeight: 'bold' as const })], ...note, header, ...rows, ...(notes.length ? [[], ...notes] : [])];
}

/** A file name from the chart's title, without characters file systems refuse. */
export const chartFileName = (title: string, ext: 'csv' | 'xlsx') => `${title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'grafiek'}.${ext}`;

/** Writes the sheet with write-excel-file, loaded only now (it is not part of the report page's first JavaScript). */
export async function chartXlsxBlob(spec: ChartSpec): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  const data = chartSheet(spec);
  const width = Math.max(1, ...data.map((r) => r.length));
  return writeExcelFile(data, { sheet: t.xlsxSheet, columns: Array.from({ length: width }, (_, i) => ({ width: i === 0 ? 40 : 18 })), stickyRowsCount: 2 }).toBlob();
}
