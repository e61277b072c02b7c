import { PDFDocument, PDFPage, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { type ChartConfig, type ChartSpec, buildChartSpec, stackedAxisMax } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import { drawChart } from '../../src/server/pdf/draw-chart';
import { CONTENT_WIDTH, PAGE, PdfWriter } from '../../src/server/pdf/writer';
import { pdfChartFromSpec } from '../../src/server/services/export/pdf-chart';
import { staff } from './chart-renderers';
import { cell, location } from './chart-fixtures';

/**
 * A stacked bar (not 100%) ends where its numbers say, on one value axis for uPlot, SVG and PDF:
 * the longest bar fills the plot. Before, the public SVG rounded the axis up (niceMax), so one
 * benchmark's bar of 100.00000000000001% ended at half the plot, and 1,300 respondents at 65%.
 */
const STACKED = 3;
const codes = ['1', '2', '3', '4', '5'];
/** Percentages of these counts add up to 100.00000000000001 in floating point, as real answers do. */
const counts = [32, 54, 47, 58, 54];
const chart = (dataFormatId?: number): ChartConfig => ({ id: 9, title: 'Gestapeld', chartTypeId: STACKED, colorSchemeId: 3, ...(dataFormatId ? { dataFormatId } : {}) });
const oneBenchmark = (format?: number) => buildChartSpec(chart(format), [location(1, codes, [cell('Alle respondenten', counts, codes)], { labels: ['Heel slecht', 'Slecht', 'Neutraal', 'Goed', 'Heel goed'] })], { minN: 10 });
const threeBenchmarks = () =>
  buildChartSpec(chart(), [location(1, codes, ['Alle respondenten', 'Jongeren', 'Ouderen'].map((name, b) => cell(name, counts.map((n) => n + b * 3), codes)))], { minN: 10 });
const COUNT = 2;

/** Right end of the longest bar in the SVG, as a share of the plot (label column … width − 8). */
function svgExtent(spec: ChartSpec, width: number): number {
  const svg = renderChartSvg(spec, { width, height: 240 });
  const bars = [...svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="22" fill="[^"]+"><title>/g)].map((m) => ({ x: Number(m[1]), w: Number(m[2]) }));
  expect(bars.length).toBeGreaterThan(0);
  const left = Math.min(...bars.map((b) => b.x));
  const right = Math.max(...bars.map((b) => b.x + b.w));
  return (right - left) / (width - 8 - left);
}

/** Right end of the longest bar in the PDF, as a share of its plot (content width − label column − 10). */
async function pdfExtent(spec: ChartSpec): Promise<number> {
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const w = new PdfWriter(doc, fonts, { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' });
  const rects = vi.spyOn(PDFPage.prototype, 'drawRectangle');
  try {
    drawChart(w, pdfChartFromSpec(spec), 10);
    const bars = rects.mock.calls.map((c) => c[0]!).filter((r) => r.height === 12);
    const left = PAGE.margin + 170;
    const right = Math.max(...bars.map((r) => r.x! + r.width!));
    return (right - left) / (CONTENT_WIDTH - 170 - 10);
  } finally {
    rects.mockRestore();
  }
}

/** The staff view (uPlot): the longest bar's top against the value axis maximum. */
function staffExtent(spec: ChartSpec): number {
  const drawn = staff(spec);
  const top = Math.max(...drawn.stackTops.flat().filter((v): v is number => v !== null));
  return top / drawn.axisMax!;
}

describe('stacked bars use the width of the plot in every renderer', () => {
  it('one benchmark, percentages adding up to a hair over 100: the bar ends at the plot edge', async () => {
    const spec = oneBenchmark();
    expect(spec.kind).toBe('stacked-bar');
    expect(stackedAxisMax(spec)).toBeCloseTo(100, 6);
    expect(svgExtent(spec, 640)).toBeCloseTo(1, 3);
    expect(svgExtent(spec, 290)).toBeCloseTo(1, 3);
    expect(await pdfExtent(spec)).toBeCloseTo(1, 3);
    expect(staffExtent(spec)).toBeCloseTo(1, 6);
  });
  it('numbers (1,300 respondents would end at 65% on a rounded axis of 2,000)', async () => {
    const spec = buildChartSpec(chart(COUNT), [location(1, codes, [cell('Alle respondenten', [200, 300, 250, 350, 200], codes)])], { minN: 10 });
    expect(stackedAxisMax(spec)).toBe(1300);
    expect(svgExtent(spec, 640)).toBeCloseTo(1, 3);
    expect(await pdfExtent(spec)).toBeCloseTo(1, 3);
    expect(staffExtent(spec)).toBeCloseTo(1, 6);
  });
  it('three benchmarks: the longest bar fills the plot, as with one', async () => {
    const spec = threeBenchmarks();
    expect(svgExtent(spec, 640)).toBeCloseTo(1, 3);
    expect(await pdfExtent(spec)).toBeCloseTo(1, 3);
    expect(staffExtent(spec)).toBeCloseTo(1, 6);
  });
  it("the chart's own axis maximum still wins", () => {
    const spec = buildChartSpec({ ...chart(), options: { max: 200 } }, [location(1, codes, [cell('Alle respondenten', counts, codes)])], { minN: 10 });
    expect(stackedAxisMax(spec)).toBe(200);
    expect(svgExtent(spec, 640)).toBeCloseTo(0.5, 2);
  });
});
