import type { ChartSpec, SpecSeries } from '../../shared/chart-spec';

/** Released series with their index in spec.series (suppressed ones are drawn as text instead). */
export function drawnSeries(spec: ChartSpec): { s: SpecSeries; i: number }[] {
  return spec.series.map((s, i) => ({ s, i })).filter(({ s }) => !s.suppressed);
}
