import { useId, useState } from 'react';
import { type ChartSpec, formatNumber } from '../../shared/chart-spec';
import { chartsNl } from '../../shared/i18n/charts';
import { ChartTable } from './ChartTable';
import { chartFileName, chartXlsxBlob } from './chart-xlsx';
import { downloadBlob } from '../download';
import { csvFile, numeric, type ExportCell } from '../../shared/export/writer';

const t = chartsNl.data;


/**
 * The released numbers of a chart as CSV (the spec only: suppressed groups have no numbers, so
 * none can leak): one row per category, per benchmark its value and its n; a suppressed group's
 * columns stay empty and the notes (suppression, significance) follow under the table. A Dutch
 * spreadsheet CSV (';', decimal commas) through the one export writer (labels formula-safe).
 */
export function chartCsv(spec: ChartSpec): string {
  const head: string[] = [spec.categories.length === spec.questions.length ? chartsNl.table.question : chartsNl.table.category];
  for (const s of spec.series) head.push(`${s.label}${spec.unit ? ` (${spec.unit})` : ''}`, `${s.label} (n)`);
  const rows = spec.categories.map((c, ci) => {
    const row: ExportCell[] = [c.label];
    spec.series.forEach((s, k) => {
      const v = s.values[ci];
      const text = v === null || v === undefined ? '' : formatNumber(v, spec.decimals).replace(/\./g, '');
      row.push(spec.significant?.[k]?.[ci] && text ? `${text} *` : numeric(text));
      const n = s.counts?.[ci];
      row.push(n === null || n === undefined ? '' : n);
    });
    return row;
  });
  // Cell-key mode: the note 'Aantallen zijn licht afgerond …' heads the file (its counts are perturbed).
  const note = spec.approximate ? [[chartsNl.table.approximate]] : [];
  return csvFile([...note, head, ...rows, ...spec.notes.map((note) => [note])], { delimiter: ';' });
}

/**
 * 'Tabel tonen' (the accessible data table of the released numbers), 'CSV downloaden' and 'Excel
 * downloaden', under a chart. `record` writes the download to the audit trail first (POST
 * report/{id}/export/chart); the file is made only once it succeeded.
 */
export function ChartData({ spec, record }: { spec: ChartSpec; record: (format: 'csv' | 'xlsx') => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [xlsx, setXlsx] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [unrecorded, setUnrecorded] = useState(false);
  const id = useId();
  if (spec.unfit || !spec.categories.length || spec.kind === 'table' || spec.kind === 'open-answers') return null;
  const recorded = async (format: 'csv' | 'xlsx') => {
    try {
      await record(format);
      setUnrecorded(false);
      return true;
    } catch {
      setUnrecorded(true);
      return false;
    }
  };
  const downloadCsv = async () => {
    if (await recorded('csv')) downloadBlob(new Blob([chartCsv(spec)], { type: 'text/csv;charset=utf-8' }), chartFileName(spec.title, 'csv'));
  };
  const downloadXlsx = async () => {
    setXlsx('busy');
    if (!(await recorded('xlsx'))) return setXlsx('idle');
    chartXlsxBlob(spec).then(
      (blob) => {
        downloadBlob(blob, chartFileName(spec.title, 'xlsx'));
        setXlsx('idle');
      },
      () => setXlsx('failed'),
    );
  };
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="rounded border border-gray-300 px-2 py-1 hover:bg-gray-100" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? t.hideTable : t.showTable}
        </button>
        <button type="button" className="rounded border border-gray-300 px-2 py-1 hover:bg-gray-100" onClick={downloadCsv} aria-label={t.csvFor(spec.title)}>
          {t.csv}
        </button>
        <button type="button" className="rounded border border-gray-300 px-2 py-1 hover:bg-gray-100 disabled:opacity-60" onClick={downloadXlsx} disabled={xlsx === 'busy'} aria-label={t.xlsxFor(spec.title)}>
          {xlsx === 'busy' ? t.xlsxBusy : t.xlsx}
        </button>
      </div>
      {xlsx === 'failed' ? (
        <p role="alert" className="text-red-700">
          {t.xlsxFailed}
        </p>
      ) : null}
      {unrecorded ? (
        <p role="alert" className="text-red-700">
          {t.unrecorded}
        </p>
      ) : null}
      <div id={id} hidden={!open} className="relative overflow-x-auto">
        {open && <ChartTable spec={spec} />}
      </div>
    </div>
  );
}
