import { describe, expect, it } from 'vitest';
import * as rules from '../../src/islands/report/benchmarks';
import { fromQueryString, toQueryString } from '../../src/islands/report/bookmark-format';
import { readCatalog, readStates } from '../../src/islands/report/filters';
import { benchmarkFigures, chartFigures, summaryWeightingNote } from '../../src/islands/report/key-figures';
import type { ReportDataAnswer } from '../../src/islands/report/use-report-data';
import { periodOptions, snapIso } from '../../src/shared/date-periods';

const limits: rules.ReportLimits = { benchmarkCount: 3, startDate: '2026-01-01', endDate: '2026-12-31' };
const b = (filterOptions: number[] = [], label = '', start: string | null = null, end: string | null = null): rules.Benchmark => ({ label, start, end, filterOptions });

describe('benchmark rules (spec 001 §4)', () => {
  it('labels by position: A, B … Z, AA', () => {
    expect([0, 1, 25, 26, 27].map(rules.letter)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
    expect(rules.labelOf(b([], '  '), 2)).toBe('C');
    expect(rules.labelOf(b([], 'Jong'), 0)).toBe('Jong');
  });

  it('adds up to benchmark_count and never below one', () => {
    let list: readonly rules.Benchmark[] = [b()];
    list = rules.addBenchmark(list, limits);
    list = rules.addBenchmark(list, limits);
    expect(list).toHaveLength(3);
    expect(rules.canAdd(list, limits)).toBe(false);
    expect(rules.addBenchmark(list, limits)).toBe(list);
    expect(rules.canAdd([b()], { ...limits, benchmarkCount: 1 })).toBe(false);
    expect(rules.canAdd([b()], { ...limits, benchmarkCount: 0 })).toBe(false);
  });

  it('removing the last one leaves one empty benchmark; remove all resets', () => {
    expect(rules.removeBenchmark([b([4], 'X')], 0)).toEqual([rules.emptyBenchmark()]);
    expect(rules.removeBenchmark([b([1]), b([2])], 0)).toEqual([b([2])]);
    expect(rules.removeAll()).toEqual([rules.emptyBenchmark()]);
  });

  it('moves benchmarks up and down within bounds', () => {
    const list = [b([1]), b([2]), b([3])];
    expect(rules.moveBenchmark(list, 0, 1).map((x) => x.filterOptions[0])).toEqual([2, 1, 3]);
    expect(rules.moveBenchmark(list, 2, -1).map((x) => x.filterOptions[0])).toEqual([1, 3, 2]);
    expect(rules.moveBenchmark(list, 0, -1)).toBe(list);
    expect(rules.moveBenchmark(list, 2, 1)).toBe(list);
  });

  it('toggles options (sorted, no duplicates) and caps labels at 60', () => {
    let list: readonly rules.Benchmark[] = [b([5])];
    list = rules.toggleOption(list, 0, 2);
    expect(list[0]!.filterOptions).toEqual([2, 5]);
    list = rules.toggleOption(list, 0, 5);
    expect(list[0]!.filterOptions).toEqual([2]);
    expect(rules.updateBenchmark(list, 0, { label: 'x'.repeat(80) })[0]!.label).toHaveLength(60);
  });

  it('plain filters below two benchmarks', () => {
    expect(rules.isPlainFilters([b()])).toBe(true);
    expect(rules.isPlainFilters([b(), b()])).toBe(false);
  });

  it('compares views after defaults: report dates, position letters and option order do not matter', () => {
    expect(rules.sameBenchmarks([b([2, 1], 'A', '2026-01-01', '2026-12-31')], [b([1, 2])], limits)).toBe(true);
    expect(rules.sameBenchmarks([b([1])], [b([2])], limits)).toBe(false);
    expect(rules.sameBenchmarks([b([1], 'B')], [b([1])], limits)).toBe(false);
    expect(rules.sameBenchmarks([b([], '', '2026-02-01')], [b()], limits)).toBe(false);
  });

  it('request body resolves default labels to letters and keeps null dates for the server', () => {
    expect(rules.toRequest([b([1]), b([], 'Oud', '2026-03-01')])).toEqual([
      { label: 'A', start: null, end: null, filterOptions: [1] },
      { label: 'Oud', start: '2026-03-01', end: null, filterOptions: [] },
    ]);
  });
});

describe('bookmark query_string (filterCategories ↔ option ids)', () => {
  const map = new Map([
    [1, 1],
    [4, 1],
    [9, 2],
  ]);

  it('reads the seeded bookmark format', () => {
    const qs = JSON.stringify([
      { label: 'A', start: null, end: null, filterCategories: { 1: [1] } },
      { label: 'B', start: null, end: null, filterCategories: { 1: [4] } },
    ]);
    expect(fromQueryString(qs, limits)).toEqual([b([1]), b([4])]);
  });

  it('round-trips through filterCategories and drops unknown options', () => {
    const stored = toQueryString([b([9, 1], 'Jong'), b([4, 77])], limits, map);
    expect(stored).toEqual([
      { label: 'Jong', start: null, end: null, filterCategories: { 1: [1], 2: [9] } },
      { label: '', start: null, end: null, filterCategories: { 1: [4] } },
    ]);
    expect(fromQueryString(JSON.stringify(stored), limits)).toEqual([b([1, 9], 'Jong'), b([4])]);
  });

  it('refuses broken text and caps at benchmark_count', () => {
    expect(fromQueryString('{nope', limits)).toBeNull();
    expect(fromQueryString('[]', limits)).toBeNull();
    expect(fromQueryString(JSON.stringify([{}, {}, {}, {}, {}]), limits)).toHaveLength(3);
  });
});

describe('filter answers', () => {
  const menu = { attached: true, filterCategories: [{ id: 1, title: 'Leeftijd', filterOptions: [{ id: 1, label: '18-34' }, { id: 2, label: '35+' }] }] };

  it('reads the menu catalogue', () => {
    expect(readCatalog(menu)).toEqual([{ id: 1, title: 'Leeftijd', options: [{ id: 1, label: '18-34' }, { id: 2, label: '35+' }] }]);
    expect(readCatalog([{ id: 3, filter_category_id: 7, filter_category_title: 'Wijk', label: 'Noord' }])).toEqual([{ id: 7, title: 'Wijk', options: [{ id: 3, label: 'Noord' }] }]);
  });

  it('reads availability, keeping null counts null and telling withheld counts from small ones', () => {
    const states = readStates({
      filterCategories: [
        {
          id: 1,
          filterOptions: [
            { id: 1, soloCount: null, combinedCount: null, risky: true, withheld: false, empty: false, available: false, hidden: false },
            { id: 2, soloCount: 40, combinedCount: 12, risky: false, withheld: false, empty: false, available: true, hidden: false },
            { id: 3, soloCount: null, combinedCount: null, risky: false, withheld: true, empty: false, available: true, hidden: false },
          ],
        },
      ],
    });
    expect(states.get(1)).toEqual({ soloCount: null, combinedCount: null, risky: true, withheld: false, empty: false, available: false, hidden: false });
    expect(states.get(2)?.combinedCount).toBe(12);
    expect(states.get(3)).toMatchObject({ combinedCount: null, risky: false, withheld: true, available: true });
  });
});

describe('summary key figures', () => {
  const stats = (groupSize: number, options: [string, number][]) => ({
    groupSize, answered: groupSize, answers: groupSize, base: groupSize, scored: 0, mean: null, topBox: null, bottomBox: null, nps: null,
    options: options.map(([code, count]) => ({ code, count, percentage: (count / groupSize) * 100, empty: count === 0, low: false })),
  });
  const data: ReportDataAnswer = {
    minN: 10,
    includeIncomplete: false,
    benchmarks: [{ label: 'A', start: '2026-01-01', end: '2026-12-31', filterOptions: [] }, { label: 'B', start: '2026-01-01', end: '2026-12-31', filterOptions: [9] }],
    dataLocations: [
      { id: 1, chartId: 10, sectionId: 1, columnKey: 'Q1', kind: 'single', codes: ['a', 'b'], labels: ['Ja', 'Nee'], benchmarks: [{ label: 'A', suppressed: false, stats: stats(200, [['a', 50], ['b', 150]]) }, { label: 'B', suppressed: true, reason: 'group_below_min_n' }] },
      { id: 2, chartId: 11, sectionId: 1, columnKey: 'Q2', kind: 'numeric', codes: [], benchmarks: [{ label: 'A', suppressed: false, stats: { ...stats(180, []), mean: 7.25 } }, { label: 'B', suppressed: true, reason: 'group_below_min_n' }] },
    ],
  };

  it('respondents per benchmark; a suppressed benchmark has no number at all', () => {
    expect(benchmarkFigures(data).map((f) => f.respondents)).toEqual([200, null]);
  });

  it('most chosen option or mean per chart, null where suppressed', () => {
    expect(chartFigures(data, [10, 11, 12])).toEqual([
      { chartId: 10, cells: [{ kind: 'top', label: 'Nee', percentage: 75, n: 200 }, null] },
      { chartId: 11, cells: [{ kind: 'mean', value: 7.25, n: 180 }, null] },
    ]);
  });

  it('a scale matrix reads as top box and mean over its items (not its most chosen answer)', () => {
    const item = (id: number, topBox: number, mean: number) => ({
      id, chartId: 12, sectionId: 1, columnKey: `M_${id}`, kind: 'single' as const, codes: ['1', '2', '3', '4', '5'],
      benchmarks: [{ label: 'A', suppressed: false as const, stats: { ...stats(100, [['1', 10], ['2', 10], ['3', 41], ['4', 20], ['5', 19]]), scored: 100, topBox, mean } }],
    });
    const matrix: ReportDataAnswer = { minN: 10, includeIncomplete: false, benchmarks: [data.benchmarks[0]!], dataLocations: [item(1, 40, 3.4), item(2, 60, 3.8)] };
    expect(chartFigures(matrix, [12])).toEqual([{ chartId: 12, cells: [{ kind: 'scale', topBox: 50, mean: 3.6, n: 100 }] }]);
  });

  it('says whether the figures are weighted: all charts, some charts by title, or nothing', () => {
    const weighting = { id: 1, name: 'Bevolking', label: 'Gewogen naar leeftijd en wijk' };
    const charts = [{ id: 10, title: 'Tevredenheid' }, { id: 11, title: 'Rapportcijfer' }];
    const marked = (flags: boolean[]): ReportDataAnswer => ({ ...data, weighting, dataLocations: data.dataLocations.map((l, i) => ({ ...l, weighted: flags[i]! })) });
    expect(summaryWeightingNote(marked([true, true]), charts)).toBe('Gewogen naar leeftijd en wijk.');
    expect(summaryWeightingNote(marked([false, true]), charts)).toBe('Gewogen naar leeftijd en wijk: alleen ‘Rapportcijfer’.');
    expect(summaryWeightingNote(marked([false, false]), charts)).toBeNull();
    expect(summaryWeightingNote(data, charts)).toBeNull();
  });
});

describe('export file name', () => {
  it('is the report title without reserved characters', async () => {
    const { pdfName } = await import('../../src/islands/report/export');
    expect(pdfName('Burgerpeiling Zuiderhaven 2026')).toBe('Burgerpeiling Zuiderhaven 2026.pdf');
    expect(pdfName('A/B: "test"?')).toBe('A B test.pdf');
    expect(pdfName('  ')).toBe('rapportage.pdf');
  });
});

describe('date choice in the menu (issue 12)', () => {
  const month: rules.ReportLimits = { benchmarkCount: 3, startDate: '2026-01-01', endDate: '2026-12-31', dateFilter: true, dateGranularity: 'month' };
  const off: rules.ReportLimits = { ...month, dateFilter: false };
  const list = [{ label: '', start: '2026-03-14', end: '2026-05-02', filterOptions: [1] }];

  it('without the date filter no benchmark keeps dates of its own (URL, bookmark or edit)', () => {
    expect(rules.conformDates(list, off)).toEqual([{ label: '', start: null, end: null, filterOptions: [1] }]);
  });

  it('with it dates become whole periods of the report granularity', () => {
    expect(rules.conformDates(list, month)).toEqual([{ label: '', start: '2026-03-01', end: '2026-05-31', filterOptions: [1] }]);
    expect(rules.conformDates(list, { ...month, dateGranularity: 'quarter' })[0]).toMatchObject({ start: '2026-01-01', end: '2026-06-30' });
    expect(rules.conformDates(list, { ...month, dateGranularity: 'week' })[0]).toMatchObject({ start: '2026-03-09', end: '2026-05-03' });
    expect(rules.conformDates(list, { ...month, dateGranularity: 'day' })[0]).toMatchObject({ start: '2026-03-14', end: '2026-05-02' });
  });

  it('lists the periods a picker offers, with Dutch labels', () => {
    expect(periodOptions('2026-01-15', '2026-03-02', 'month')).toEqual([
      { start: '2026-01-01', end: '2026-01-31', label: 'jan 2026' },
      { start: '2026-02-01', end: '2026-02-28', label: 'feb 2026' },
      { start: '2026-03-01', end: '2026-03-31', label: 'mrt 2026' },
    ]);
    expect(periodOptions('2025-11-20', '2026-02-01', 'quarter').map((p) => p.label)).toEqual(['K4 2025', 'K1 2026']);
    expect(snapIso('2026-02-18', 'year', 'end')).toBe('2026-12-31');
  });
});
