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
    expect(spec.significant).toEqual([[true, false], [true, false]]);
    expect(spec.significantWith).toEqual([[[1], []], [[0], []]]);
    expect(spec.notes.join(' ')).toContain('* Significant verschil (groter dan de foutmarge bij 95% betrouwbaarheid) tussen Alle respondenten en Jongeren (Optie 1).');
    expect(renderChartSvg(spec)).toContain('40% *');
    const pdf = pdfChartFromSpec(spec);
    expect(pdf.type === 'bars' && pdf.series[1]!.marks).toEqual([true, false]);
  });
  it('never for a suppressed group', () => {
    const loc = location(1, ['1', '2'], [sig(0, [60, 40], 3), { label: 'Jongeren', suppressed: true, reason: 'group_below_min_n' }]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc]);
    expect(spec.significant?.flat().some(Boolean) ?? false).toBe(false);
    expect(spec.notes.join(' ')).not.toContain('Significant verschil');
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

describe('significance between every pair of benchmarks (known values)', () => {
  const group = (label: string, pct: number[], margin: number) => ({
    label,
    suppressed: false as const,
    stats: { ...stats([1, 1], ['1', '2']), options: pct.map((p, i) => ({ code: String(i + 1), count: 100, percentage: p, marginOfError: margin, empty: false, low: false })) },
  });
  it('compares B with C too, not only with the first benchmark', async () => {
    const { significanceOf } = await import('../../src/shared/chart-spec');
    // A 50 ± 3, B 53 ± 4 (3 < 5: no), C 60 ± 4 (vs A: 10 > 5 yes; vs B: 7 > √32 ≈ 5,66 yes).
    const s = (values: number[], margin: number) => ({ values, margins: values.map(() => margin), suppressed: null });
    expect(significanceOf([s([50], 3), s([53], 4), s([60], 4)])).toEqual([[[2]], [[2]], [[0, 1]]]);
    // Just at the boundary: |a − b| must exceed √(mA² + mB²) = 5 (equal is not significant).
    expect(significanceOf([s([50], 3), s([55], 4)])).toEqual([[[]], [[]]]);
    expect(significanceOf([s([50], 3), s([55.01], 4)])).toEqual([[[1]], [[0]]]);
    // Only B and C carry margins (A is a count series): the pair B–C is still compared.
    expect(significanceOf([{ values: [50], margins: null, suppressed: null }, s([40], 1), s([45], 1)])).toEqual([[[]], [[2]], [[1]]]);
  });
  it('names the pair that differs, in the note and the tooltip', async () => {
    const { tipContent } = await import('../../src/islands/charts/tooltip');
    const loc = location(1, ['1', '2'], [group('Alle respondenten', [50, 50], 3), group('Jongeren', [53, 50], 4), group('Ouderen', [60, 50], 4)], { labels: ['Ja', 'Nee'], confidenceLevel: 90 });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc]);
    expect(spec.significant).toEqual([[true, false], [true, false], [true, false]]);
    expect(spec.significanceNote).toBe('* Significant verschil (groter dan de foutmarge bij 90% betrouwbaarheid) tussen Alle respondenten en Ouderen (Ja); Jongeren en Ouderen (Ja).');
    const tip = tipContent(spec, 0);
    expect(tip.rows.map((r) => r.significance ?? null)).toEqual(['* significant verschil met Ouderen', '* significant verschil met Ouderen', '* significant verschil met Alle respondenten en Jongeren']);
  });
  it('a suppressed group in the middle is compared with nothing, and nothing hints at its number', () => {
    const loc = location(1, ['1', '2'], [group('Alle respondenten', [50, 50], 3), { label: 'Jongeren', suppressed: true, reason: 'group_below_min_n' }, group('Ouderen', [60, 50], 4)], { labels: ['Ja', 'Nee'] });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: BAR }, [loc], { minN: 10 });
    expect(spec.significantWith).toEqual([[[2], []], [[], []], [[0], []]]);
    expect(spec.significanceNote).not.toContain('Jongeren');
    expect(spec.series[1]!.values).toEqual([null, null]);
  });
});
