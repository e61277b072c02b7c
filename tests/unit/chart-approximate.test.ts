import { describe, expect, it } from 'vitest';
import { buildChartSpec, formatCell, formatCount, nText, seriesLegend, valueText } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import { chartTableModel } from '../../src/shared/chart/table';
import { areaText } from '../../src/shared/chart/map-layout';
import { chartCsv } from '../../src/islands/charts/ChartData';
import { chartSheet } from '../../src/islands/charts/chart-xlsx';
import { pdfChartFromSpec } from '../../src/server/services/export/pdf-chart';
import { footnotes } from '../../src/server/pdf/chart-frame';
import { reportExportNl } from '../../src/shared/i18n/report-export';
import { CHART_TYPES } from '../../src/shared/lookups';
import { cell, location } from './chart-fixtures';

/**
 * Honest labelling in cell-key mode (issue 32 item 7, docs/perturbation.md): counts carry a small
 * fixed noise, so no renderer writes one as if it were exact — 'ca. 123' in hover texts, labels,
 * legends and tables, and every table (screen, public SVG, PDF, CSV, XLSX) carries the note
 * 'Aantallen zijn licht afgerond …'. Suppress mode keeps exact numbers without the note.
 */
const type = (key: string) => CHART_TYPES.find((t) => t.key === key)!.id;
const codes = ['1', '2', '3'];
const NOTE = 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken.';
const loc = () => location(1, codes, [cell('Alle respondenten', [120, 300, 580], codes), cell('Jongeren', [13, 20, 30], codes)], { labels: ['Slecht', 'Matig', 'Goed'] });
const spec = (protection: 'suppress' | 'cellkey', chartType = 'column', dataFormatId = 3) =>
  buildChartSpec({ id: 1, title: 'Tevredenheid', chartTypeId: type(chartType), dataFormatId, options: { showN: true } }, [loc()], { minN: 10, protection });

describe('cell-key mode: counts are never written as exact', () => {
  it('formats counts as ca. 123 only in cell-key mode', () => {
    expect(formatCount({ approximate: true }, 1234)).toBe('ca. 1.234');
    expect(formatCount({}, 1234)).toBe('1.234');
    expect(nText({ approximate: true }, 63)).toBe('n=ca. 63');
    const c = spec('cellkey');
    const s = spec('suppress');
    expect(c.approximate).toBe(true);
    expect(s.approximate).toBeUndefined();
    // Percentage and count: the count part is approximate; value labels and hover use the same rule.
    expect(formatCell(c, 12, 120)).toBe('12% (ca. 120)');
    expect(formatCell(s, 12, 120)).toBe('12% (120)');
    const count = spec('cellkey', 'column', 2);
    expect(formatCell(count, 120)).toBe('ca. 120');
    expect(valueText({ ...spec('cellkey', 'column', 1) }, 12, 120)).toBe('12% (n=ca. 120)');
    expect(seriesLegend(c, c.series[0]!)).toBe('Alle respondenten (n = ca. 1.000)');
    expect(seriesLegend(s, s.series[0]!)).toBe('Alle respondenten (n = 1.000)');
  });

  it('tables carry the note: the staff table model, the public SVG table, CSV and XLSX headers', () => {
    const c = spec('cellkey', 'table');
    const s = spec('suppress', 'table');
    const model = chartTableModel(c);
    expect(model.note).toBe(NOTE);
    expect(model.columns[0]!.label).toBe('Alle respondenten (n=ca. 1.000)');
    expect(model.rows[0]!.cells[0]!.text).toBe('12% (ca. 120)');
    expect(chartTableModel(s).note).toBeNull();
    expect(chartTableModel(s).rows[0]!.cells[0]!.text).toBe('12% (120)');
    const svg = renderChartSvg(c);
    expect(svg).toContain('data-note="approximate"');
    expect(svg).toContain('ca. 120');
    expect(renderChartSvg(s)).not.toContain('data-note="approximate"');
    expect(chartCsv(c).split('\r\n')[0]).toContain('Aantallen zijn licht afgerond');
    expect(chartCsv(s)).not.toContain('Aantallen zijn licht afgerond');
    const sheet = chartSheet(c);
    expect(sheet[1]![0]).toMatchObject({ value: NOTE });
    expect(JSON.stringify(chartSheet(s))).not.toContain('licht afgerond');
  });

  it('the PDF writes n as ca. and notes the table', () => {
    const pdf = pdfChartFromSpec(spec('cellkey', 'table'));
    expect(pdf.approximate).toBe(true);
    expect(pdf.type === 'table' && pdf.rows[0]!.cells[0]).toBe('12% (ca. 120)');
    expect(pdfChartFromSpec(spec('suppress', 'table')).approximate).toBeUndefined();
    const bars = pdfChartFromSpec(spec('cellkey', 'column', 1));
    expect(bars.type === 'bars' && bars.series[0]!.labels?.[0]).toBe('12% (n=ca. 120)');
    expect(footnotes([{ label: 'Alle', suppressed: false, values: [], n: 1000 }], 10, true)).toEqual(['Alle: n = ca. 1.000']);
    expect(reportExportNl.n(1000)).toBe('n = 1.000');
  });

  it('map hover texts say ca. for n', () => {
    const c = spec('cellkey');
    const area = { name: 'Centrum', states: ['value'], values: [42], counts: [63], margins: [null] };
    expect(areaText(c as never, area as never, 0)).toContain('(n = ca. 63)');
  });
});
