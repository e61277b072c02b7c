import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { drawnSeries, uplotData, uplotOptions } from '../../src/islands/charts/uplot-options';
import { tipContent } from '../../src/islands/charts/tooltip';
import { distributionSpec } from '../../src/shared/zkn-chart';
import { cell, hidden, location } from './chart-fixtures';

const codes = ['1', '2', '3'];

describe('uPlot options of the <Chart> island', () => {
  it('titles both axes of the Zorgkaart distribution', () => {
    const opts = uplotOptions(distributionSpec('Verdeling van de cijfers', [0, 0, 1, 2, 3, 5, 8, 13, 8, 4]), 600, 240);
    expect(opts.axes!.map((a) => a.label)).toEqual(['Cijfer (1–10)', 'Aantal beoordelingen']);
    // Report charts have no axis titles.
    const plain = uplotOptions(buildChartSpec({ id: 1, title: 'T', chartTypeId: 2 }, [location(1, codes, [cell('A', [1, 2, 1], codes)])], { minN: 10 }), 600, 240);
    expect(plain.axes!.map((a) => a.label)).toEqual([undefined, undefined]);
  });

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
    // The value axis runs along the bottom: wide tick spacing so '42,5%' labels never touch.
    expect(opts.axes![1]!.space).toBeGreaterThanOrEqual(50);
    const value = opts.series[1]!.value as (u: unknown, v: number, si: number, idx: number) => string;
    expect(value(null, 50, 1, 1)).toBe('50% (2)');
  });
});

describe('legend and tooltip of the <Chart> island', () => {
  it('the legend names series only: not live (no x row, no – values), swatches in the series paint', () => {
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 2 }, [location(1, codes, [cell('A', [1, 2, 1], codes), cell('B', [2, 1, 1], codes)])]);
    const opts = uplotOptions(spec, 600, 240);
    expect(opts.legend!.live).toBe(false);
    expect(opts.series.slice(1).map((s) => s.label)).toEqual(['A', 'B']);
    const fill = opts.legend!.markers!.fill as (u: unknown, i: number) => string;
    expect(fill(null, 1)).toBe(spec.series[0]!.color);
    expect(fill(null, 2)).toBe(spec.series[1]!.color);
    expect(opts.plugins).toHaveLength(2);
  });

  it('the tooltip lists the hovered category with Dutch values and skips missing ones', () => {
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 2, dataFormatId: 3 }, [location(1, codes, [cell('A', [1, 2, 1], codes), hidden('B')])], { minN: 10 });
    const tip = tipContent(spec, 1);
    expect(tip.title).toBe('Optie 2');
    expect(tip.rows).toEqual([{ label: 'A', value: '50% (2)', swatch: spec.series[0]!.color }]);
    expect(tip.note).toBeNull();
    expect(tipContent(spec, 1, () => false).rows).toEqual([]);
  });

  it('a suppressed stacked bar: the tooltip gives the reason, never a number', () => {
    const a = location(1, codes, [cell('A', [1, 1, 2], codes), hidden('B')]);
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 4 }, [a], { minN: 10 });
    const tip = tipContent(spec, 1);
    expect(tip.rows).toEqual([]);
    expect(tip.note).toMatch(/^Te weinig respondenten/);
  });
});
