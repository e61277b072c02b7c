import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { tipContent } from '../../src/islands/charts/tooltip';
import { pdfChartFromSpec } from '../../src/server/services/export/pdf-chart';
import { cell, hidden, location, stats } from './chart-fixtures';

// Margins come from the data answer (one engine function) and follow the values through sorting;
// with showMarginOfError the hover shows them and a note states the largest per benchmark.
const codes = ['1', '2', '3'];
const withMargins = (counts: number[], margins: number[]) => {
  const s = stats(counts, codes);
  s.options = s.options.map((o, i) => ({ ...o, marginOfError: margins[i]! }));
  return { label: '', suppressed: false as const, stats: s };
};

describe('margins of error in the chart model', () => {
  const loc = location(1, codes, [{ ...withMargins([50, 30, 20], [4.4, 4.0, 3.5]), label: 'A' }, hidden('B')], { confidenceLevel: 90 });
  const chart = (options: Record<string, unknown>) => buildChartSpec({ id: 1, title: 'T', chart_type_id: 1, sorting_option_id: 3, options }, [loc], { minN: 10 });

  it('carries the per-option margin parallel to the values, also after sorting', () => {
    const spec = chart({});
    const a = spec.series[0]!;
    // Sorting 3 = lowest value first: the margins move with their values.
    expect(a.values).toEqual([20, 30, 50]);
    expect(a.margins).toEqual([3.5, 4.0, 4.4]);
    expect(spec.marginNote).toBeNull();
    expect(spec.showMarginOfError).toBe(false);
  });

  it('with showMarginOfError: hover values with ±, a note with the confidence level; the PDF gets the same note', () => {
    const spec = chart({ showMarginOfError: true });
    expect(spec.marginNote).toBe('Foutmarge (90% betrouwbaarheid): A tot ± 4,4 procentpunt');
    expect(spec.notes).toContain(spec.marginNote);
    const tip = tipContent(spec, 2);
    expect(tip.rows[0]!.value).toMatch(/^50%.* ± 4,4$/);
    expect({ ...pdfChartFromSpec(spec), note: spec.marginNote }.note).toBe(spec.marginNote);
  });

  it('a suppressed group has no margins and a count format none', () => {
    const spec = chart({ showMarginOfError: true });
    expect(spec.series[1]!.margins ?? null).toBeNull();
    const counts = buildChartSpec({ id: 1, title: 'T', chart_type_id: 1, data_format_id: 2, options: { showMarginOfError: true } }, [location(1, codes, [cell('A', [5, 3, 2], codes)])], { minN: 10 });
    expect(counts.marginNote).toBeNull();
  });
});
