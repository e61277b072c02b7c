import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Benchmark, ReportLimits } from '../../src/islands/report/benchmarks';
import { decodeBenchmarks, encodeBenchmarks, readBenchmarks, withBenchmarks } from '../../src/islands/report/url-state';

const limits: ReportLimits = { benchmarkCount: 3, startDate: '2026-01-01', endDate: '2026-12-31' };
const b = (filterOptions: number[] = [], label = '', start: string | null = null, end: string | null = null): Benchmark => ({ label, start, end, filterOptions });

describe('benchmarks in the URL', () => {
  it('the default view has no parameter', () => {
    expect(encodeBenchmarks([b()], limits)).toBeNull();
    expect(encodeBenchmarks([b([], 'A', '2026-01-01')], limits)).toBeNull();
    expect(withBenchmarks('/portal/report/1?b=x#top', [b()], limits)).toBe('/portal/report/1#top');
  });

  it('round-trips labels, dates and options compactly', () => {
    const list = [b([3, 1], 'Jong', '2026-02-01'), b([4], '', null, '2026-06-30')];
    const raw = encodeBenchmarks(list, limits)!;
    expect(JSON.parse(raw)).toEqual([{ l: 'Jong', s: '2026-02-01', f: [1, 3] }, { e: '2026-06-30', f: [4] }]);
    expect(decodeBenchmarks(raw, limits)).toEqual([b([1, 3], 'Jong', '2026-02-01'), b([4], '', null, '2026-06-30')]);
    const href = withBenchmarks('/portal/report/1/view?embedded=1', list, limits);
    expect(href.startsWith('/portal/report/1/view?embedded=1&b=')).toBe(true);
    expect(readBenchmarks(href.slice(href.indexOf('?')), limits)).toEqual(decodeBenchmarks(raw, limits));
  });

  it('falls back to the default for anything unreadable and caps at benchmark_count', () => {
    for (const bad of ['{', '"x"', '[]', '[{"f":["a"]}]', '[{"s":"gisteren"}]', '[{"e":"2026-13-45"}]', '[{"f":[-1]}]']) expect(decodeBenchmarks(bad, limits)).toEqual([b()]);
    expect(decodeBenchmarks(JSON.stringify([{}, {}, {}, {}]), limits)).toHaveLength(3);
  });
});

describe('report store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the URL once and mirrors changes with history.replaceState', async () => {
    const loc = { pathname: '/portal/report/1', search: '?b=%5B%7B%22f%22%3A%5B1%5D%7D%5D', hash: '', get href() { return `http://h${this.pathname}${this.search}${this.hash}`; } };
    const replaceState = vi.fn((_s: unknown, _t: string, u: string) => {
      loc.search = u.includes('?') ? u.slice(u.indexOf('?')) : '';
    });
    vi.stubGlobal('window', {});
    vi.stubGlobal('location', loc);
    vi.stubGlobal('history', { state: null, replaceState });
    const store = await import('../../src/islands/report/report.store');
    store.initReportState(1, limits);
    expect(store.$benchmarks.get()).toEqual([b([1])]);
    store.addBenchmark();
    expect(store.$active.get()).toBe(1);
    store.toggleFilterOption(1, 4);
    expect(replaceState).toHaveBeenCalled();
    expect(readBenchmarks(loc.search, limits)).toEqual([b([1]), b([4])]);
    expect(store.$requestBenchmarks.get().map((x) => x.label)).toEqual(['A', 'B']);
    store.moveBenchmark(1, -1);
    expect(store.$active.get()).toBe(0);
    expect(store.$benchmarks.get().map((x) => x.filterOptions)).toEqual([[4], [1]]);
    store.addBenchmark();
    store.addBenchmark();
    expect(store.$benchmarks.get()).toHaveLength(3);
    store.removeAllBenchmarks();
    expect(store.$benchmarks.get()).toEqual([b()]);
    expect(loc.search).toBe('');
    // A second island of the same report doesn't re-read the URL.
    store.toggleFilterOption(0, 2);
    store.initReportState(1, limits, '');
    expect(store.$benchmarks.get()).toEqual([b([2])]);
  });
});
