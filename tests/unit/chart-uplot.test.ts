import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { drawnSeries, uplotData, uplotOptions } from '../../src/islands/charts/uplot-options';
import { cell, hidden, location } from './chart-fixtures';

const codes = ['1', '2', '3'];

describe('uPlot options of the <Chart> island', () => {
  it('leaves suppressed series out of the drawing', () => {
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 2 }, [location(1, codes, [cell('A', [1, 2, 1], codes), hidden('B')])], { minN: 10 });
    expect(drawnSeries(spec).map(({ s }) => s.label)).toEqual(['A']);
    const data = uplotData(spec);
    expect(data).toHaveLength(2);
    expect(data[1]).toEqual([25, 50, 25]);
    const opts = uplotOptions(spec, 600, 240);
    expect(opts.series.map((s) => s.label)).toEqual(['Categorie', 'A']);
  });

  it('stacks segments as cumulative tops and skips suppressed bars', () => {
    const a = location(1, codes, [cell('A', [1, 1, 2], codes), hidden('B')]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 4 }, [a], { minN: 10 });
    expect(uplotData(spec)).toEqual([
      [0, 1],
      [25, null],
      [50, null],
      [100, null],
    ]);
  });

  it('draws horizontal bars on a vertical category scale and formats hover values in Dutch', () => {
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 1, dataFormatId: 3 }, [location(1, codes, [cell('A', [1, 2, 1], codes)])]);
    const opts = uplotOptions(spec, 600, 240);
    expect(opts.scales!.x!.ori).toBe(1);
    const value = opts.series[1]!.value as (u: unknown, v: number, si: number, idx: number) => string;
    expect(value(null, 50, 1, 1)).toBe('50% (2)');
  });
});
