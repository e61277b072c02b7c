import { schemeColors, textColorFor, type ChartSpec } from './chart-spec';
import { zknNl } from './i18n/zkn';

/** The distribution of overall scores 1–10 as a column chart for the report charts' component, with axis titles. */
export function distributionSpec(title: string, counts: number[]): ChartSpec {
  const [color] = schemeColors(null, 1);
  return {
    id: 0, kind: 'column', typeKey: 'column', title, format: 'count', unit: '', decimals: 0,
    range: { min: 0, max: null }, timeAxis: false, colorBy: 'series',
    axisTitles: { category: zknNl.ranking.axisScore, value: zknNl.ranking.axisCount },
    categories: counts.map((_, i) => ({ key: String(i + 1), label: String(i + 1) })),
    series: [{ key: 'n', label: zknNl.ranking.count, values: counts, counts: null, n: counts.reduce((a, b) => a + b, 0), suppressed: null, color: color!, textColor: textColorFor(color!), pattern: null }],
    showN: false, usePatterns: false, notes: [], questions: [], minN: null,
  };
}
