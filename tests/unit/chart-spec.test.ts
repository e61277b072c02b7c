import { describe, expect, it } from 'vitest';
import { buildChartSpec, periodLabel, schemeColors, textColorFor } from '../../src/shared/chart-spec';
import { CHART_TYPES, COLOR_SCHEMES } from '../../src/shared/lookups';
import { cell, hidden, location } from './chart-fixtures';

const type = (key: string) => CHART_TYPES.find((t) => t.key === key)!.id;
const codes = ['1', '2', '3'];

describe('buildChartSpec: formats and series', () => {
  it('percentage: categories are options, one series per benchmark with percentages and counts', () => {
    const loc = location(1, codes, [cell('A', [10, 30, 60], codes), cell('B', [50, 25, 25], codes)]);
    const spec = buildChartSpec({ id: 7, title: 'T', chartTypeId: type('column'), dataFormatId: 1 }, [loc]);
    expect(spec.kind).toBe('column');
    expect(spec.categories.map((c) => c.label)).toEqual(['Optie 1', 'Optie 2', 'Optie 3']);
    expect(spec.series.map((s) => s.label)).toEqual(['A', 'B']);
    expect(spec.series[0]!.values).toEqual([10, 30, 60]);
    expect(spec.series[1]!.counts).toEqual([50, 25, 25]);
    expect(spec.series[0]!.n).toBe(100);
    expect(spec.unit).toBe('%');
  });

  it('count format gives counts; mean gives one number per data location', () => {
    const loc = location(1, codes, [cell('A', [1, 2, 3], codes, { mean: 2.3333 })]);
    expect(buildChartSpec({ id: 1, title: 'T', chart_type_id: type('bar'), data_format_id: 2 }, [loc]).series[0]!.values).toEqual([1, 2, 3]);
    const mean = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), dataFormatId: 4 }, [loc, location(2, codes, [cell('A', [3, 0, 0], codes, { mean: 1 })])]);
    expect(mean.categories.map((c) => c.label)).toEqual(['Vraag 1', 'Vraag 2']);
    expect(mean.series[0]!.values).toEqual([2.3333, 1]);
    expect(mean.unit).toBe('');
    expect(mean.decimals).toBe(1);
  });

  it('median comes from the option counts of numeric codes', () => {
    const loc = location(1, ['1', '2', '3', '4'], [cell('A', [1, 1, 5, 1], ['1', '2', '3', '4'])]);
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('kpi'), dataFormatId: 6 }, [loc]).series[0]!.values).toEqual([3]);
  });

  it('grade uses the mean on a 0–10 axis', () => {
    const loc = location(1, [], [cell('A', [], [], { mean: 7.46 })], { kind: 'numeric' });
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('kpi'), dataFormatId: 5 }, [loc]);
    expect(spec.series[0]!.values).toEqual([7.46]);
    expect(spec.range).toEqual({ min: 0, max: 10 });
  });

  it('a gauge runs to the highest answer code, or to a round number above a numeric mean', () => {
    const scale = location(1, ['1', '2', '3', '4', '5'], [cell('A', [1, 1, 1, 1, 1], ['1', '2', '3', '4', '5'], { mean: 3 })]);
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('gauge'), dataFormatId: 4 }, [scale]).range).toEqual({ min: 0, max: 5 });
    const years = location(1, [], [cell('A', [], [], { mean: 15.1 })], { kind: 'numeric' });
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('gauge'), dataFormatId: 4 }, [years]).range).toEqual({ min: 0, max: 20 });
  });

  it('stacked-bar-100: one bar per location × benchmark, segments are options summing to 100', () => {
    const a = location(1, codes, [cell('A', [1, 1, 2], codes), cell('B', [3, 1, 0], codes)]);
    const b = location(2, codes, [cell('A', [2, 2, 0], codes), hidden('B')]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('stacked-bar-100'), dataFormatId: 1 }, [a, b], { minN: 10 });
    expect(spec.categories.map((c) => c.label)).toEqual(['Vraag 1 (A)', 'Vraag 1 (B)', 'Vraag 2 (A)', 'Vraag 2 (B)']);
    expect(spec.series.map((s) => s.label)).toEqual(['Optie 1', 'Optie 2', 'Optie 3']);
    expect(spec.series.map((s) => s.values[0])).toEqual([25, 25, 50]);
    expect(spec.categories[3]!.suppressed).toContain('Te weinig respondenten (minder dan 10)');
    expect(spec.series.map((s) => s.values[3])).toEqual([null, null, null]);
    expect(spec.series.map((s) => s.counts![3])).toEqual([null, null, null]);
    expect(spec.colorBy).toBe('series');
  });

  it('net promoter: score and parts from 0–10 option counts', () => {
    const c = Array.from({ length: 11 }, (_, i) => String(i));
    const counts = c.map((_, i) => (i === 10 ? 50 : i === 8 ? 30 : i === 2 ? 20 : 0));
    const spec = buildChartSpec({ id: 1, title: 'NPS', chartTypeId: type('net-promoter') }, [location(1, c, [cell('A', counts, c)])]);
    expect(spec.series[0]!.values[0]).toBeCloseTo(30);
    expect(spec.nps![0]).toEqual({ promoters: 50, passives: 30, detractors: 20 });
  });

  it('map falls back to a table and R charts to columns; every chart type gives a drawable kind', () => {
    const loc = location(1, codes, [cell('A', [1, 2, 3], codes)]);
    for (const t of CHART_TYPES) {
      const spec = buildChartSpec({ id: 1, title: t.name, chartTypeId: t.id }, [loc]);
      expect(['bar', 'column', 'stacked-bar', 'stacked-bar-100', 'pie', 'donut', 'line', 'area', 'table', 'kpi', 'gauge', 'wordcloud', 'open-answers', 'net-promoter']).toContain(spec.kind);
    }
    expect(buildChartSpec({ id: 1, title: 'K', chartTypeId: type('map') }, [loc]).kind).toBe('table');
    expect(buildChartSpec({ id: 1, title: 'R', chartTypeId: type('rchart') }, [loc]).kind).toBe('column');
  });

  it('uses "Overig" for the other option when no label is known', () => {
    const loc = location(1, ['A1', '-oth-'], [cell('A', [1, 1], ['A1', '-oth-'])], { labels: undefined });
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar') }, [loc]).categories.map((c) => c.label)).toEqual(['A1', 'Overig']);
  });
});

describe('buildChartSpec: sorting and empty options', () => {
  const loc = location(1, ['a', 'b', 'c'], [cell('A', [20, 50, 30], ['a', 'b', 'c']), cell('B', [1, 1, 1], ['a', 'b', 'c'])], { labels: ['Cees', 'Anna', 'Bert'] });
  const sorted = (sortingOptionId: number) => buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), sortingOptionId }, [loc]);

  it('value-desc / value-asc reorder categories by the first benchmark, moving every series along', () => {
    const desc = sorted(2);
    expect(desc.categories.map((c) => c.label)).toEqual(['Anna', 'Bert', 'Cees']);
    expect(desc.series[0]!.counts).toEqual([50, 30, 20]);
    expect(desc.series[1]!.counts).toEqual([1, 1, 1]);
    expect(sorted(3).categories.map((c) => c.label)).toEqual(['Cees', 'Bert', 'Anna']);
  });

  it('label-asc / label-desc sort alphabetically; original keeps the survey order', () => {
    expect(sorted(4).categories.map((c) => c.label)).toEqual(['Anna', 'Bert', 'Cees']);
    expect(sorted(5).categories.map((c) => c.label)).toEqual(['Cees', 'Bert', 'Anna']);
    expect(sorted(1).categories.map((c) => c.label)).toEqual(['Cees', 'Anna', 'Bert']);
  });

  it('sorting skips a suppressed first benchmark and uses the first released one', () => {
    const l = location(1, ['a', 'b'], [hidden('A'), cell('B', [5, 50], ['a', 'b'])], { labels: ['Een', 'Twee'] });
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), sortingOptionId: 2 }, [l]).categories.map((c) => c.label)).toEqual(['Twee', 'Een']);
  });

  it('hideEmpty drops options nobody chose', () => {
    const l = location(1, codes, [cell('A', [0, 4, 6], codes)]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), options: { hideEmpty: true } }, [l]);
    expect(spec.categories.map((c) => c.label)).toEqual(['Optie 2', 'Optie 3']);
    expect(spec.series[0]!.values).toEqual([40, 60]);
  });
});

describe('buildChartSpec: suppression never leaks numbers', () => {
  it('a suppressed benchmark is a series of nulls with the Dutch reason', () => {
    const loc = location(1, codes, [cell('A', [10, 30, 60], codes), hidden('B', 'answered_below_min_n')]);
    for (const t of CHART_TYPES) {
      const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: t.id }, [loc], { minN: 10 });
      const b = spec.series.find((s) => s.label === 'B' || s.label.startsWith('B:'));
      if (!b) continue;
      expect(b.values.every((v) => v === null)).toBe(true);
      expect(b.counts).toBeNull();
      expect(b.n).toBeNull();
      expect(b.suppressed).toMatch(/^Te weinig respondenten \(minder dan 10\): minder dan 10 respondenten hebben deze vraag beantwoord/);
      expect(spec.notes.join(' ')).toContain('B: Te weinig respondenten');
      if (spec.nps) expect(spec.nps[1]).toBeNull();
    }
  });

  it('differencing has its own reason; without min_n the text has no number', () => {
    const loc = location(1, codes, [hidden('A', 'differencing')]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar') }, [loc]);
    expect(spec.series[0]!.suppressed).toBe('Te weinig respondenten: de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen');
    expect(JSON.stringify(spec.series[0]!.values)).toBe('[null,null,null]');
  });

  it('a benchmark suppressed in one of two data locations keeps the other numbers and says so', () => {
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), dataFormatId: 4 }, [location(1, codes, [cell('A', [1, 1, 1], codes, { mean: 2 })]), location(2, codes, [hidden('A', 'answered_below_min_n')])]);
    expect(spec.series[0]!.values).toEqual([2, null]);
    expect(spec.series[0]!.suppressed).toBeNull();
    expect(spec.notes[0]).toContain('enkele uitkomsten zijn verborgen');
  });
});

describe('colours, patterns and text colour', () => {
  it('loopable schemes repeat; scales stretch between their ends', () => {
    const impulz = COLOR_SCHEMES[0]!.colors;
    const ten = schemeColors(1, 10);
    expect(ten[8]).toBe(impulz[0]);
    expect(ten[9]).toBe(impulz[1]);
    const likert = COLOR_SCHEMES.find((s) => !s.loopable && s.colors.length === 5)!;
    const three = schemeColors(likert.id, 3);
    expect(three[0]).toBe(likert.colors[0]);
    expect(three[1]).toBe(likert.colors[2]);
    expect(three[2]).toBe(likert.colors[4]);
    const nine = schemeColors(likert.id, 9);
    expect(nine).toHaveLength(9);
    expect(nine[0]).toBe(likert.colors[0]);
    expect(nine[8]).toBe(likert.colors[4]);
    expect(new Set(nine).size).toBe(9);
  });

  it('a single benchmark with a scale colours the categories; colours stay with their options after sorting', () => {
    const likert = COLOR_SCHEMES.find((s) => s.name.includes('5 punten'))!;
    const loc = location(1, codes, [cell('A', [50, 10, 40], codes)]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar'), colorSchemeId: likert.id, sortingOptionId: 2 }, [loc]);
    expect(spec.colorBy).toBe('category');
    expect(spec.categories.map((c) => c.label)).toEqual(['Optie 1', 'Optie 3', 'Optie 2']);
    expect(spec.categories.map((c) => c.color)).toEqual([likert.colors[0], likert.colors[4], likert.colors[2]]);
  });

  it('pie slices loop through a loopable scheme', () => {
    const many = Array.from({ length: 10 }, (_, i) => String(i + 1));
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('pie'), colorSchemeId: 1 }, [location(1, many, [cell('A', many.map(() => 1), many)])]);
    expect(spec.categories[8]!.color).toBe(spec.categories[0]!.color);
  });

  it('patterns are assigned when usePatterns is on (option or chart setting)', () => {
    const loc = location(1, codes, [cell('A', [1, 2, 3], codes), cell('B', [1, 2, 3], codes)]);
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('column') }, [loc]).series.map((s) => s.pattern)).toEqual([null, null]);
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('column') }, [loc], { usePatterns: true }).series.map((s) => s.pattern)).toEqual(['solid', 'diagonal']);
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('column'), patternId: 2, options: { usePatterns: true } }, [loc]).series.map((s) => s.pattern)).toEqual(['diagonal', 'diagonal-reverse']);
  });

  it('text is white on fills with luminance under 160, else black', () => {
    expect(textColorFor('#1f4e79')).toBe('#ffffff');
    expect(textColorFor('#ffc000')).toBe('#000000');
    expect(textColorFor('#a0a0a0')).toBe('#000000'); // 160 exactly → black
    expect(textColorFor('#9f9f9f')).toBe('#ffffff'); // 159
  });
});

describe('time buckets', () => {
  const bucket = (period: number, startDay: number, counts: number[] | null) =>
    counts ? { period, startDay, endDay: startDay + 30, ...cell('', counts, codes) } : { period, startDay, endDay: startDay + 30, suppressed: true as const, reason: 'group_below_min_n' };
  const jan = Date.UTC(2026, 0, 1) / 86_400_000;
  const feb = Date.UTC(2026, 1, 1) / 86_400_000;
  const mar = Date.UTC(2026, 2, 1) / 86_400_000;

  it('line over periods with Dutch labels; suppressed periods are gaps', () => {
    const a = { ...cell('A', [3, 3, 4], codes), buckets: [bucket(1, jan, [1, 1, 2]), bucket(2, feb, null), bucket(3, mar, [2, 2, 0])] };
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('line'), granularityId: 3 }, [location(1, codes, [a])]);
    expect(spec.timeAxis).toBe(true);
    expect(spec.categories.map((c) => c.label)).toEqual(['jan 2026', 'feb 2026', 'mrt 2026']);
    expect(spec.series.map((s) => s.label)).toEqual(['Optie 1', 'Optie 2', 'Optie 3']);
    expect(spec.series[0]!.values).toEqual([25, null, 50]);
    expect(spec.notes).toContain('Geen uitkomst voor feb 2026 (te weinig respondenten): de lijn is daar onderbroken.');
  });

  it('a period withheld by the differencing rule says so, not "te weinig respondenten"', () => {
    const derived = { period: 3, startDay: mar, endDay: mar + 30, suppressed: true as const, reason: 'differencing' };
    const a = { ...cell('A', [3, 3, 4], codes), buckets: [bucket(1, jan, [1, 1, 2]), bucket(2, feb, null), derived] };
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('line'), granularityId: 3 }, [location(1, codes, [a])]);
    expect(spec.notes).toContain('Geen uitkomst voor feb 2026 (te weinig respondenten): de lijn is daar onderbroken.');
    expect(spec.notes).toContain('Geen uitkomst voor mrt 2026 (de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen): de lijn is daar onderbroken.');
  });

  it('several benchmarks: the gap note names the periods per benchmark', () => {
    const a = { ...cell('Alle respondenten', [3, 3, 4], codes, { mean: 2 }), buckets: [bucket(1, jan, [1, 1, 2]), bucket(2, feb, null), bucket(3, mar, null)] };
    const b = { ...cell('Jongeren', [3, 3, 4], codes, { mean: 2 }), buckets: [bucket(1, jan, null), bucket(2, feb, [1, 1, 2]), bucket(3, mar, [2, 2, 0])] };
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('line'), granularityId: 3, dataFormatId: 4 }, [location(1, codes, [a, b])]);
    expect(spec.notes).toContain('Geen uitkomst (te weinig respondenten), de lijn is daar onderbroken: Alle respondenten: feb 2026, mrt 2026; Jongeren: jan 2026.');
  });

  it('mean over periods: one line per benchmark; a suppressed benchmark has no numbers', () => {
    const a = { ...cell('A', [1, 1, 1], codes, { mean: 2 }), buckets: [bucket(1, jan, [1, 0, 0]), bucket(2, feb, [0, 0, 1])] };
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: type('line'), dataFormatId: 4 }, [location(1, codes, [a, hidden('B')])], { granularityId: 3 });
    expect(spec.series.map((s) => s.label)).toEqual(['A', 'B']);
    expect(spec.series[1]!.values).toEqual([null, null]);
    expect(spec.series[1]!.suppressed).toContain('Te weinig respondenten');
  });

  it('period labels per granularity', () => {
    const d = Date.UTC(2026, 0, 26) / 86_400_000;
    expect(periodLabel(d, 'day')).toBe('26 jan 2026');
    expect(periodLabel(d, 'week')).toBe('week 5 2026');
    expect(periodLabel(d, 'month')).toBe('jan 2026');
    expect(periodLabel(Date.UTC(2026, 3, 1) / 86_400_000, 'quarter')).toBe('K2 2026');
    expect(periodLabel(d, 'year')).toBe('2026');
    expect(periodLabel(Date.UTC(2027, 0, 1) / 86_400_000, 'week')).toBe('week 53 2026');
  });
});
