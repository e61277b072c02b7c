import { describe, expect, it } from 'vitest';
import { buildChartSpec, type DataLocationAnswer } from '../../src/shared/chart-spec';
import { chartAlt, pdfChartFromSpec } from '../../src/server/services/export/pdf-chart';
import { footnotes } from '../../src/server/pdf/chart-frame';
import { reportExportNl } from '../../src/shared/i18n/report-export';

const stats = (counts: number[], mean: number | null = null) => {
  const base = counts.reduce((a, b) => a + b, 0);
  return {
    groupSize: base, answered: base, answers: base, base, scored: base, mean, topBox: null, bottomBox: null, nps: null, marginOfError: 3,
    options: counts.map((count, i) => ({ code: `A${i + 1}`, count, percentage: (100 * count) / base, empty: count === 0, low: false })),
  };
};
const location = (id: number, subquestion: string | null = null): DataLocationAnswer => ({
  id, chartId: 1, columnKey: `q${id}`, kind: 'single', codes: ['A1', 'A2'], labels: ['Ja', 'Nee'], question: 'Vraag', subquestion,
  benchmarks: [
    { label: 'Alle', suppressed: false, stats: stats([30, 70], 1.7) },
    { label: 'Klein', suppressed: true, reason: 'group_below_min_n' },
  ],
});
const chart = (chartTypeId: number, dataFormatId = 1, options: Record<string, unknown> = { showN: true }) => ({ id: 1, title: 'Grafiek', chartTypeId, dataFormatId, colorSchemeId: 1, options });

describe('PDF chart from a chart spec', () => {
  it("writes the chart in words for the tagged PDF's Figure: each answer's value per group, a suppressed group named without numbers", () => {
    const alt = chartAlt(buildChartSpec(chart(1), [location(1)], { minN: 10 }));
    expect(alt).toMatch(/^Grafiek\. Alle[^:]*: Ja 30%[^,]*, Nee 70%[^.]*\. Klein[^:]*: te weinig respondenten\.$/);
    expect(alt).not.toMatch(/Klein[^.]*\d+%/);
  });

  it('keeps the spec numbers for released series and none for suppressed ones (bars)', () => {
    const pdf = pdfChartFromSpec(buildChartSpec(chart(1), [location(1)], { minN: 10 }));
    expect(pdf.type).toBe('bars');
    if (pdf.type !== 'bars') return;
    expect(pdf.categories).toEqual(['Ja', 'Nee']);
    expect(pdf.series[0]).toMatchObject({ label: 'Alle', suppressed: false, values: [30, 70], n: 100 });
    expect(pdf.series[1]).toEqual({ label: 'Klein', suppressed: true, values: [], n: null });
  });

  it('turns stacked bars into rows per data location and benchmark, suppressed rows without numbers', () => {
    const pdf = pdfChartFromSpec(buildChartSpec(chart(4), [location(1, 'Straten'), location(2, 'Groen')], { minN: 10 }));
    expect(pdf.type).toBe('stacked');
    if (pdf.type !== 'stacked') return;
    expect(pdf.segments).toEqual(['Ja', 'Nee']);
    expect(pdf.rows.length).toBe(4);
    expect(pdf.rows.filter((r) => r.suppressed).every((r) => r.values.length === 0)).toBe(true);
    expect(pdf.rows.find((r) => !r.suppressed)!.values).toEqual([30, 70]);
  });

  it('maps KPI, pie and table charts with Dutch number formatting', () => {
    const kpi = pdfChartFromSpec(buildChartSpec(chart(10, 4), [location(1)], { minN: 10 }));
    expect(kpi.type === 'kpi' && kpi.items).toEqual([
      { label: 'Alle', value: '1,7', n: 100 },
      { label: 'Klein', value: null, n: null },
    ]);
    expect(pdfChartFromSpec(buildChartSpec(chart(6), [location(1)], { minN: 10 }))).toMatchObject({ type: 'pie', donut: true, categories: ['Ja', 'Nee'] });
    const table = pdfChartFromSpec(buildChartSpec(chart(9, 3), [location(1)], { minN: 10 }));
    expect(table.type).toBe('table');
    if (table.type === 'table') expect(table.rows[0]!.cells).toEqual(['30% (30)', null]);
  });

  it("writes n (footnote, KPI line) only where the chart's 'Toon n' is on, as the staff view and the public page", () => {
    for (const options of [{}, { showN: false }]) {
      const bars = pdfChartFromSpec(buildChartSpec(chart(1, 1, options), [location(1)], { minN: 10 }));
      expect(bars.type === 'bars' && bars.series.map((s) => s.n)).toEqual([null, null]);
      expect(footnotes(bars.type === 'bars' ? bars.series : [], 10)).toEqual(['Klein: ' + reportExportNl.suppressed(10)]);
      const kpi = pdfChartFromSpec(buildChartSpec(chart(10, 4, options), [location(1)], { minN: 10 }));
      expect(kpi.type === 'kpi' && kpi.items.map((i) => i.n)).toEqual([null, null]);
    }
    const shown = pdfChartFromSpec(buildChartSpec(chart(1), [location(1)], { minN: 10 }));
    expect(footnotes(shown.type === 'bars' ? shown.series : [], 10)).toEqual(['Alle: ' + reportExportNl.n(100), 'Klein: ' + reportExportNl.suppressed(10)]);
  });
});
