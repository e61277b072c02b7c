import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { PdfReport } from '../../src/server/pdf/model';
import { renderReportPdf } from '../../src/server/pdf/document';
import { toWinAnsi } from '../../src/server/pdf/text';

const colors = ['#1f4e79', '#f28c28', '#5b9bd5'];
const report: PdfReport = {
  title: 'Burgerpeiling Zuiderhaven – één test',
  project: 'Project Zuiderhaven',
  company: 'Gemeente Zuiderhaven',
  period: '1 januari 2026 tot en met 31 december 2026', responses: 'Alleen volledig ingevulde vragenlijsten',
  generatedOn: '22 november 2026',
  minN: 10,
  benchmarks: [
    { label: 'A', description: 'Alle respondenten' },
    { label: 'B', description: 'Leeftijd: 18 t/m 34 jaar' },
  ],
  theme: { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' },
  sections: [
    {
      title: 'Wonen in de buurt',
      blocks: [
        { kind: 'text', text: 'Inleiding met ĳ en emoji 🙂 en ≥ teken.' },
        { kind: 'chart', chart: { type: 'bars', orientation: 'horizontal', title: 'Problemen', categories: ['Afval', 'Verkeer'], unit: '%', decimals: 1, colors, series: [{ label: 'A', suppressed: false, values: [41.25, 12.5], n: 812 }, { label: 'B', suppressed: true, values: [], n: null }] } },
        { kind: 'chart', chart: { type: 'bars', orientation: 'vertical', title: 'Kanalen', categories: ['Balie', 'Website', 'Telefoon'], unit: '%', decimals: 0, colors, patterns: ['diagonal', 'dots'], series: [{ label: 'A', suppressed: false, values: [10, 60, 30], n: 500 }, { label: 'C', suppressed: false, values: [20, 50, 30], n: 300 }] } },
        { kind: 'chart', chart: { type: 'stacked', title: 'Tevredenheid', full: true, unit: '%', decimals: 0, colors, patterns: ['horizontal', 'cross', 'diagonal-reverse'], segments: ['Oneens', 'Neutraal', 'Eens'], rows: [{ label: 'Veiligheid · A', suppressed: false, values: [20, 30, 50], n: 700 }, { label: 'Groen · A', suppressed: false, values: [25, 25, 50], n: 690 }, { label: 'Veiligheid · B', suppressed: true, values: [], n: null }] } },
      ],
    },
    {
      title: 'Gemeente en dienstverlening',
      blocks: [
        { kind: 'chart', chart: { type: 'pie', donut: true, title: 'Verdeling', categories: ['Ja', 'Nee'], decimals: 0, colors, series: [{ label: 'A', suppressed: false, values: [70, 30], n: 100 }] } },
        { kind: 'chart', chart: { type: 'lines', area: true, title: 'Door de tijd', periods: ['jan 2026', 'feb 2026', 'mrt 2026'], unit: '%', decimals: 0, colors, series: [{ label: 'A', suppressed: false, values: [50, null, 55], n: 300 }] } },
        { kind: 'chart', chart: { type: 'table', title: 'Tabel', columns: ['A', 'B'], colors, rows: [{ label: 'Ja', cells: ['70%', null] }] } },
        { kind: 'chart', chart: { type: 'kpi', title: 'Rapportcijfer', colors, items: [{ label: 'A', value: '7,4', n: 900 }, { label: 'B', value: null, n: null }] } },
      ],
    },
  ],
};

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('PDF document', () => {
  it('draws cover, sections, every chart kind, suppressed notes and page numbers', async () => {
    const bytes = await renderReportPdf(report);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await textOf(bytes);
    expect(text).toContain('Burgerpeiling Zuiderhaven');
    expect(text).toContain('één test');
    expect(text).toContain('Wonen in de buurt');
    expect(text).toContain('Gemeente en dienstverlening');
    expect(text).toContain('Leeftijd: 18 t/m 34 jaar');
    expect(text).toContain('41,3%');
    expect(text).toContain('7,4');
    expect(text).toContain('Te weinig respondenten (minder dan 10)');
    expect(text).toMatch(/Pagina 2 van \d/);
    // Lays out the whole report with pdf-lib, then reads it back with pdf.js: ~0.8 s quiet, several
    // seconds on a busy 2-core machine, so not the default 5 s.
  }, 30_000);

  it('cell-key mode: the table gets the note under it, n reads ca. (issue 32)', async () => {
    const approx: PdfReport = {
      ...report,
      protectionNotice: 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken',
      sections: [
        {
          title: 'Licht afgerond',
          blocks: [
            { kind: 'chart', chart: { type: 'table', title: 'Tabel', columns: ['A (n=ca. 812)'], colors, approximate: true, rows: [{ label: 'Ja', cells: ['70% (ca. 568)'] }] } },
            { kind: 'chart', chart: { type: 'kpi', title: 'Rapportcijfer', colors, approximate: true, items: [{ label: 'A', value: '7,4', n: 900 }] } },
            { kind: 'chart', chart: { type: 'bars', orientation: 'horizontal', title: 'Problemen', categories: ['Afval'], unit: '%', decimals: 0, colors, approximate: true, series: [{ label: 'A', suppressed: false, values: [41], n: 812 }] } },
          ],
        },
      ],
    };
    const text = (await textOf(await renderReportPdf(approx))).replace(/\s+/g, ' ');
    expect(text).toContain('70% (ca. 568)');
    expect(text).toContain('Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken.');
    expect(text).toContain('n = ca. 900');
    expect(text).toContain('A: n = ca. 812');
    expect(text).not.toMatch(/n = \d/);
  }, 30_000);

  it('writes the test report for a visual check when PDF_OUT is set', async () => {
    if (process.env.PDF_OUT) (await import('node:fs')).writeFileSync(process.env.PDF_OUT, await renderReportPdf(report));
  });

  it('keeps Dutch diacritics and replaces what the standard fonts cannot encode', () => {
    expect(toWinAnsi('één café ĳ ≥ 🙂 €')).toBe('één café ij >= ? €');
  });
});
