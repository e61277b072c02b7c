import { chartsNl } from '../i18n/charts';
import { formatCell, nText, sigPartners } from './format';
import type { ChartSpec } from './types';

/** One cell of a chart's data table: what it reads, and the released numbers behind it (null when there are none). */
export interface TableCell {
  text: string;
  value: number | null;
  /** Respondents behind the value, when the table shows it ('45% (123)'). */
  count: number | null;
  /** The benchmarks this value differs from significantly (pairwise), by name. */
  differsFrom: string[];
}

export interface ChartTableModel {
  /** 'Antwoord' or 'Vraag'. */
  corner: string;
  /** Per series: its name, with 'n=…' when the chart shows n. */
  columns: { key: string; label: string; suppressed: boolean }[];
  rows: { key: string; label: string; cells: TableCell[] }[];
  /** Cell-key mode: 'Aantallen zijn licht afgerond …' for the caption (and the downloads' header); null otherwise. */
  note: string | null;
}

/**
 * The data table of a chart, built from the spec only (so a suppressed group has no number to
 * show): categories down, series across. 'Tabel tonen' renders it as HTML and the XLSX download
 * writes the same cells, so the two can't disagree.
 */
export function chartTableModel(spec: ChartSpec): ChartTableModel {
  const withCount = spec.format === 'percentage-count';
  return {
    corner: spec.categories.length === spec.questions.length ? chartsNl.table.question : chartsNl.table.category,
    columns: spec.series.map((s) => ({ key: s.key, label: `${s.label}${spec.showN && s.n !== null && !s.suppressed ? ` (${nText(spec, s.n)})` : ''}`, suppressed: !!s.suppressed })),
    rows: spec.categories.map((c, ci) => ({
      key: c.key,
      label: c.label,
      cells: spec.series.map((s, k) => {
        const raw = s.values[ci];
        const value = raw === null || raw === undefined || !Number.isFinite(raw) ? null : raw;
        const count = value !== null && withCount ? (s.counts?.[ci] ?? null) : null;
        return { text: formatCell(spec, value, count), value, count, differsFrom: value === null ? [] : sigPartners(spec, k, ci) };
      }),
    })),
    note: spec.approximate ? chartsNl.table.approximate : null,
  };
}
