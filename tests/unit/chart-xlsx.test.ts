import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { chartTableModel } from '../../src/shared/chart/table';
import { chartSheet, chartXlsxBlob } from '../../src/islands/charts/chart-xlsx';
import { readXlsx } from '../helpers/xlsx-read';
import { cell, location, stats } from './chart-fixtures';

/** Issue 18: the XLSX download per chart holds exactly the released numbers of 'Tabel tonen', numbers as numbers. */
const BAR = 1;
const codes = ['1', '2', '3'];
const labels = ['Zwerfafval', 'Hondenpoep', 'Geluidsoverlast'];

async function read(spec: ReturnType<typeof buildChartSpec>) {
  return readXlsx(new Uint8Array(await (await chartXlsxBlob(spec)).arrayBuffer()));
}

describe('XLSX per chart', () => {
  it('writes the table: Dutch headers, percentages as numbers formatted 0%, the notes below', async () => {
    const loc = location(1, codes, [cell('Alle respondenten', [20, 50, 30], codes), cell('Jongeren', [10, 10, 20], codes)], { labels });
    const spec = buildChartSpec({ id: 1, title: 'Problemen in de buurt', chartTypeId: BAR }, [loc]);
    const { rows, formats, sheetName } = await read(spec);
    expect(sheetName).toBe('Cijfers');
    expect(rows[0]).toEqual(['Problemen in de buurt']);
    expect(rows[1]).toEqual(['Antwoord', 'Alle respondenten (%)', 'Jongeren (%)']);
    expect(rows[2]).toEqual(['Zwerfafval', 0.2, 0.25]);
    expect(formats[2]).toEqual([null, '0%', '0%']);
    // The same cells as the HTML table, read as the table writes them.
    const model = chartTableModel(spec);
    model.rows.forEach((r, i) => {
      expect(rows[i + 2]![0]).toBe(r.label);
      r.cells.forEach((c, k) => expect(`${Math.round((rows[i + 2]![k + 1] as number) * 100)}%`).toBe(c.text));
    });
  });

  it('never writes a number for a suppressed group: its cells read – as text, its reason is noted', async () => {
    const loc = location(1, codes, [cell('Alle respondenten', [20, 50, 30], codes), { label: 'Jongeren', suppressed: true, reason: 'group_below_min_n' }], { labels });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR, options: { decimals: 1 } }, [loc], { minN: 10 });
    const { rows, formats } = await read(spec);
    expect(rows[2]).toEqual(['Zwerfafval', 0.2, '–']);
    expect(formats[2]![1]).toBe('0.0%');
    for (const row of rows.slice(2, 5)) expect(typeof row[2]).toBe('string');
    expect(rows.flat().join(' ')).toContain('Te weinig respondenten');
  });

  it("'percentage (aantal)' gets a count column and a significant difference names its pair", () => {
    const sig = (label: string, pct: number[], margin: number) => ({ label, suppressed: false as const, stats: { ...stats([100, 100], ['1', '2']), options: pct.map((p, i) => ({ code: String(i + 1), count: 100 + i, percentage: p, marginOfError: margin, empty: false, low: false })) } });
    const loc = location(1, ['1', '2'], [sig('Alle respondenten', [60, 40], 3), sig('Jongeren', [40, 44], 4)], { labels: ['Ja', 'Nee'], confidenceLevel: 95 });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR, dataFormatId: 3 }, [loc]);
    expect(spec.format).toBe('percentage-count');
    const sheet = chartSheet(spec);
    const values = (r: number) => sheet[r]!.map((c) => (c && typeof c === 'object' && 'value' in c ? c.value : c));
    expect(values(1)).toEqual(['Antwoord', 'Alle respondenten (%)', 'Alle respondenten (aantal)', 'Alle respondenten: significant verschil met', 'Jongeren (%)', 'Jongeren (aantal)', 'Jongeren: significant verschil met']);
    expect(values(2)).toEqual(['Ja', 0.6, 100, 'significant verschil met Jongeren', 0.4, 100, 'significant verschil met Alle respondenten']);
    expect(values(3)).toEqual(['Nee', 0.4, 101, null, 0.44, 101, null]);
  });
});
