import { describe, expect, it } from 'vitest';
import { BENCHMARK_COLORS } from '../../src/shared/chart/colors';
import { COLOR_SCHEMES } from '../../src/shared/lookups';
import { buildChartSpec, legendKind } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import { pdfChartFromSpec } from '../../src/server/services/export/pdf-chart';
import { cell, location, stats } from './chart-fixtures';

/** Issue 18: every stored setting takes effect in the three renderers, from the one chart model. */
const codes = ['1', '2', '3', '4', '5'];
const question = 'Hoe tevreden bent u? (1 = zeer ontevreden, 5 = zeer tevreden)';
const likert = (benchmarks = 2) =>
  location(1, codes, Array.from({ length: benchmarks }, (_, b) => cell(['Alle respondenten', 'Jongeren', 'Ouderen'][b]!, [5, 10, 20, 40, 25].map((n) => n + b), codes, { topBox: 60 + b })), { question, labels: codes });
const BAR = 1;
const STACKED = 4;
const chart = (typeId: number, options: Record<string, unknown> = {}) => ({ id: 7, title: 'Tevredenheid', chartTypeId: typeId, colorSchemeId: 3, options });
const legendOf = (svg: string) => svg.includes('aria-label="Legenda"');

describe('legends', () => {
  it('name the benchmarks, and a single series gets none', () => {
    const two = buildChartSpec(chart(BAR), [likert(2)]);
    expect(two.series.map((s) => s.label)).toEqual(['Alle respondenten', 'Jongeren']);
    expect(legendKind(two)).toBe('series');
    expect(legendOf(renderChartSvg(two))).toBe(true);
    expect(pdfChartFromSpec(two).legend).toBe(true);
    const one = buildChartSpec(chart(BAR), [likert(1)]);
    expect(legendKind(one)).toBe('none');
    expect(legendOf(renderChartSvg(one))).toBe(false);
    expect(pdfChartFromSpec(one).legend).toBe(false);
  });
  it("'Toon legenda' off removes it everywhere", () => {
    const spec = buildChartSpec(chart(BAR, { showLegend: false }), [likert(2)]);
    expect(legendOf(renderChartSvg(spec))).toBe(false);
    expect(pdfChartFromSpec(spec).legend).toBe(false);
  });
  it('a 1–5 scale reads with its end texts, not codes', () => {
    const spec = buildChartSpec(chart(STACKED), [likert(1)]);
    expect(spec.series.map((s) => s.label)).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
  });
});

describe("'Toon waarden'", () => {
  it('writes values on bars when on and none when off (SVG and PDF)', () => {
    const on = renderChartSvg(buildChartSpec(chart(BAR), [likert(1)]));
    expect(on).toMatch(/>\d+%</);
    const offSpec = buildChartSpec(chart(BAR, { showValues: false }), [likert(1)]);
    expect(renderChartSvg(offSpec)).not.toMatch(/>\d+%<\/text>/);
    expect(pdfChartFromSpec(offSpec).values).toBe(false);
  });
});

/** The oneens–eens scale (red … blue). */
const SCALE = COLOR_SCHEMES.find((s) => s.id === 3)!.colors;

describe('colours with meaning', () => {
  it('benchmarks get the qualitative palette, never the red–green scale', () => {
    const spec = buildChartSpec(chart(BAR), [likert(3)]);
    expect(spec.series.map((s) => s.color)).toEqual(BENCHMARK_COLORS.slice(0, 3));
    for (const s of spec.series) expect([SCALE[0], SCALE.at(-1)]).not.toContain(s.color);
  });
  it('a diverging scheme only for ordered answers', () => {
    const unordered = location(2, ['A1', 'A2', 'A3'], [cell('Alle respondenten', [3, 4, 5], ['A1', 'A2', 'A3'])]);
    const spec = buildChartSpec(chart(BAR), [unordered]);
    expect(spec.categories.map((c) => c.color)).not.toContain(SCALE[0]);
    const ordered = buildChartSpec(chart(BAR), [likert(1)]);
    expect(ordered.categories[0]!.color).toBe(SCALE[0]);
  });
});

describe('trend with several benchmarks', () => {
  it('draws one line per benchmark (top box), not benchmarks × answers', () => {
    const day = (m: number) => Date.UTC(2026, m, 1) / 86_400_000;
    const loc = likert(3);
    loc.benchmarks = loc.benchmarks.map((c) => (c.suppressed ? c : { ...c, buckets: [0, 1].map((m) => ({ period: m, startDay: day(m), endDay: day(m) + 27, ...cell('', [5, 10, 20, 40, 25], codes, { topBox: 60 + m }) })) }));
    const spec = buildChartSpec({ ...chart(7), granularityId: 3 }, [loc]);
    expect(spec.series.map((s) => s.label)).toEqual(['Alle respondenten', 'Jongeren', 'Ouderen']);
    expect(spec.series[0]!.values).toEqual([60, 61]);
    expect(spec.notes.join(' ')).toContain('topbox');
    expect(new Set(spec.series.map((s) => s.color)).size).toBe(3);
  });
});

describe('significance between benchmarks', () => {
  const sig = (b: number, pct: number[], margin: number) => ({
    label: ['Alle respondenten', 'Jongeren'][b]!,
    suppressed: false as const,
    stats: { ...stats([1, 1], ['1', '2']), options: pct.map((p, i) => ({ code: String(i + 1), count: 100, percentage: p, marginOfError: margin, empty: false, low: false })) },
  });
  it('marks a difference beyond √(mA² + mB²) in chart, table and PDF, with a Dutch note', () => {
    // Option 1: 60 vs 40 (20 > √(3² + 4²) = 5): significant. Option 2: 40 vs 44 (4 < 5): not.
    const loc = location(1, ['1', '2'], [sig(0, [60, 40], 3), sig(1, [40, 44], 4)], { confidenceLevel: 95 });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc]);
    expect(spec.significant).toEqual([[false, false], [true, false]]);
    expect(spec.notes.join(' ')).toContain('* Verschil met Alle respondenten groter dan de foutmarge (significant bij 95% betrouwbaarheid)');
    expect(renderChartSvg(spec)).toContain('40% *');
    const pdf = pdfChartFromSpec(spec);
    expect(pdf.type === 'bars' && pdf.series[1]!.marks).toEqual([true, false]);
  });
  it('never for a suppressed group', () => {
    const loc = location(1, ['1', '2'], [sig(0, [60, 40], 3), { label: 'Jongeren', suppressed: true, reason: 'group_below_min_n' }]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc]);
    expect(spec.significant?.flat().some(Boolean) ?? false).toBe(false);
    expect(spec.notes.join(' ')).not.toContain('Verschil met');
  });
});

describe('per-chart data', () => {
  it('CSV of the released numbers only: values and n per benchmark, suppressed columns empty', async () => {
    const { chartCsv } = await import('../../src/islands/charts/ChartData');
    const loc = location(1, ['1', '2'], [cell('Alle respondenten', [30, 70], ['1', '2']), { label: 'Jongeren', suppressed: true, reason: 'group_below_min_n' }], { labels: ['Ja', 'Nee; zeker'] });
    const csv = chartCsv(buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc], { minN: 10 }));
    const lines = csv.replace('\ufeff', '').trim().split('\r\n');
    expect(lines[0]).toBe('Antwoord;Alle respondenten (%);Alle respondenten (n);Jongeren (%);Jongeren (n)');
    expect(lines[1]).toBe('Ja;30;30;;');
    expect(lines[2]).toBe('"Nee; zeker";70;70;;');
    expect(csv).toContain('Te weinig respondenten (minder dan 10)');
  });
});
