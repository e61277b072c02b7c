import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chartSheet, chartXlsxBlob } from '../../src/islands/charts/chart-xlsx';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { cellText, code, csvFile, csvLines, csvStream, neutralise, numeric, xlsxCell } from '../../src/shared/export/writer';
import { readXlsx } from '../helpers/xlsx-read';
import { cell, location } from './chart-fixtures';

const NASTY = ['=1+1', '+1', '-1', '@SUM(1)', '\tTAB', '\rCR'];

describe('the one export writer', () => {
  it('neutralises text that starts like a formula, and only that', () => {
    for (const v of NASTY) expect(neutralise(v)).toBe(`'${v}`);
    for (const v of ['＝1+1', '＋1', '－1', '＠SUM(1)']) expect(neutralise(v)).toBe(`'${v}`);
    for (const v of ['Ja', '1+1', 'a=b', '', "'quoted", ' =1']) expect(neutralise(v)).toBe(v);
  });

  it('keeps numbers numbers: JS numbers, numeric() text and code() values are written as they are', () => {
    expect(cellText(-1)).toBe('-1');
    expect(cellText(2.5)).toBe('2.5');
    expect(cellText(Number.NaN)).toBe('');
    expect(cellText(numeric('-7,50'))).toBe('-7,50');
    expect(cellText(numeric('+3'))).toBe('+3');
    expect(cellText(numeric('=1+1'))).toBe("'=1+1");
    expect(cellText(numeric('-1+1'))).toBe("'-1+1");
    expect(cellText(code('-oth-'))).toBe('-oth-');
    expect(cellText(code('A1'))).toBe('A1');
    expect(cellText(code('-A1'))).toBe("'-A1");
    expect(cellText(code('=HYPERLINK("x")'))).toBe('\'=HYPERLINK("x")');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00.000Z');
  });

  it('quotes per delimiter (csv-stringify), CRLF lines, optional BOM', () => {
    expect(csvLines([['a', 'b;c', 'd"e', -1, '-1']], { delimiter: ';' })).toBe(`a;"b;c";"d""e";-1;'-1\r\n`);
    expect(csvLines([['a', '', null, 3]], { quoteAll: true })).toBe('"a","","","3"\r\n');
    expect(csvFile([['x'], ['\rCR']])).toBe(`\uFEFFx\r\n"'\rCR"\r\n`);
    expect(csvFile([['x']], { bom: false })).toBe('x\r\n');
    expect(csvLines([['a\nb', 'c\rd']])).toBe('"a\nb","c\rd"\r\n');
    expect(csvLines([])).toBe('');
  });

  it('streams a header and pages until an empty page, then reports the row count', async () => {
    const pages = [[['=1', 1]], [['+2', 2]], []];
    let counted = -1;
    const stream = csvStream(['a', 'b'], async () => pages.shift()!, { bom: true, quoteAll: true, done: async (n) => (counted = n) });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text).toBe(`\uFEFF"a","b"\r\n"'=1","1"\r\n"'+2","2"\r\n`);
    expect(counted).toBe(2);
  });

  it('XLSX: text is a String cell, numbers Number cells', () => {
    expect(xlsxCell('=1+1')).toEqual({ value: '=1+1', type: String });
    expect(xlsxCell(-1, { format: '0' })).toEqual({ value: -1, type: Number, format: '0' });
    expect(xlsxCell(null)).toEqual({ value: '', type: String });
  });
});

describe('chart data downloads through the writer', () => {
  const spec = () => {
    const codes = NASTY.map((_, i) => String(i + 1));
    const loc = location(1, codes, [cell('=Alle(1)', NASTY.map(() => 10), codes)], { labels: NASTY });
    return buildChartSpec({ id: 1, title: '@titel', chartTypeId: 1 }, [loc]);
  };

  it('CSV: every label inert, numbers as numbers', async () => {
    const { chartCsv } = await import('../../src/islands/charts/ChartData');
    const csv = chartCsv(spec());
    for (const v of NASTY) expect(csv).toContain(`'${v}`);
    expect(csv).toContain(`'=Alle(1) (%)`);
    expect(csv).toMatch(/;17;10\r\n/);
  });

  it('XLSX: every label is a text cell, never a formula; values stay numbers', async () => {
    const sheet = chartSheet(spec());
    const bytes = new Uint8Array(await (await chartXlsxBlob(spec())).arrayBuffer());
    const xml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
    expect(xml).not.toContain('<f>');
    const { rows } = readXlsx(bytes);
    // (an XML reader normalises the CR to LF)
    expect(rows.slice(2, 2 + NASTY.length).map((r) => r[0])).toEqual(NASTY.map((v) => v.replace('\r', '\n')));
    expect(rows.slice(2, 2 + NASTY.length).every((r) => typeof r[1] === 'number')).toBe(true);
    expect(sheet[0]![0]).toMatchObject({ value: '@titel', type: String });
  });
});
