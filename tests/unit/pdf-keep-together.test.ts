import { PDFDocument, PDFPage, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawChart } from '../../src/server/pdf/draw-chart';
import type { PdfChart, PdfPaint } from '../../src/server/pdf/model';
import { PAGE, PdfWriter } from '../../src/server/pdf/writer';

/**
 * A chart's legend stays on the page of its drawing: the block of title, legend and the first part
 * of the drawing is measured before it is placed. Each chart is drawn with the cursor at every
 * height of the page in turn; the legend's squares and the drawing's first marks must share a page.
 */
const colors = ['#1f4e79', '#f28c28', '#5b9bd5', '#7f7f7f', '#4d4d4d'];
const answers = ['Zeer ontevreden', 'Ontevreden', 'Neutraal', 'Tevreden', 'Zeer tevreden'];
const one = { label: 'Alle respondenten', suppressed: false, values: [5, 10, 20, 40, 25], n: 100 };
const CHARTS: (PdfChart & PdfPaint)[] = [
  { type: 'pie', donut: false, title: 'Tevredenheid (taart, 1 benchmark)', categories: answers, decimals: 0, colors, series: [one] },
  { type: 'pie', donut: true, title: 'Tevredenheid (donut, 3 benchmarks)', categories: answers, decimals: 0, colors, series: [one, { ...one, label: 'Jongeren' }, { ...one, label: 'Ouderen' }] },
  { type: 'stacked', title: 'Gestapeld', full: true, unit: '%', decimals: 0, colors, segments: answers, rows: [{ ...one }, { ...one, label: 'Jongeren' }] },
  { type: 'lines', area: false, title: 'Door de tijd', periods: ['jan 2026', 'feb 2026'], unit: '%', decimals: 0, colors, series: [{ ...one, values: [40, 50] }, { ...one, label: 'Jongeren', values: [30, 45] }] },
  { type: 'bars', orientation: 'vertical', title: 'Kolommen', categories: answers, unit: '%', decimals: 0, colors, series: [one, { ...one, label: 'Jongeren' }] },
  { type: 'bars', orientation: 'horizontal', title: 'Staven', categories: answers, unit: '%', decimals: 0, colors, series: [one, { ...one, label: 'Jongeren' }] },
];

afterEach(() => vi.restoreAllMocks());

async function pagesOf(chart: PdfChart & PdfPaint, startY: number) {
  const doc = await PDFDocument.create();
  const w = new PdfWriter(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }, { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' });
  w.newPage();
  w.y = startY;
  const rects = vi.spyOn(PDFPage.prototype, 'drawRectangle');
  const paths = vi.spyOn(PDFPage.prototype, 'drawSvgPath');
  const lines = vi.spyOn(PDFPage.prototype, 'drawLine');
  const texts = vi.spyOn(PDFPage.prototype, 'drawText');
  drawChart(w, chart, 10);
  const pageNo = (p: unknown) => doc.getPages().indexOf(p as PDFPage);
  const legend = rects.mock.calls.map((c, i) => [c[0]!, rects.mock.contexts[i]] as const).filter(([o]) => o.width === 8 && o.height === 8).map(([, p]) => pageNo(p));
  // The drawing's first mark: a wedge, a bar or segment (not a legend square), or a grid line of the plot.
  const marks = [
    ...paths.mock.contexts.map(pageNo),
    ...rects.mock.calls.map((c, i) => [c[0]!, rects.mock.contexts[i]] as const).filter(([o]) => !(o.width === 8 && o.height === 8)).map(([, p]) => pageNo(p)),
    ...lines.mock.contexts.map(pageNo),
  ];
  const title = texts.mock.calls.findIndex((c) => c[0] === chart.title);
  vi.restoreAllMocks();
  return { legend, first: Math.min(...marks), title: pageNo(texts.mock.contexts[title]) };
}

describe('PDF: a chart keeps its title, legend and drawing together', () => {
  for (const chart of CHARTS) {
    it(`${chart.title}: at any height of the page`, async () => {
      for (let y = PAGE.height - PAGE.margin; y > PAGE.margin + 20; y -= 11) {
        const { legend, first, title } = await pagesOf(chart, y);
        expect(legend.length, `legend at y=${y}`).toBeGreaterThan(0);
        expect(new Set([...legend, first, title]), `y=${y}`).toEqual(new Set([first]));
      }
    });
  }
});
